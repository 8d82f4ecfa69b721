import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyContext, useMobilePoolPath, usePoolPath } from './read-only';

const observer = ({ children }: { children: ReactNode }) => <ReadOnlyContext.Provider value>{children}</ReadOnlyContext.Provider>;

describe('pool paths in observer mode', () => {
  it("lead to the account's pages for the owner", () => {
    const { result } = renderHook(() => usePoolPath());
    expect(result.current('orePoolAnlageuebersicht')).toBe('/account/orePoolAnlageuebersicht');
    expect(result.current('orePoolMachineDetail')).toBe('/account/orePoolMachineDetail');
  });

  it('lead to the observer pages of the same name, and nowhere an observer cannot go', () => {
    const desk = renderHook(() => usePoolPath(), { wrapper: observer }).result.current;
    expect(desk('orePoolAnlageuebersicht')).toBe('/observerMode/orePoolAnlageuebersicht');
    expect(desk('orePoolRevenueChain')).toBe('/observerMode/orePoolRevenueChain');
    expect(desk('orePoolMachineDetail')).toBeNull();
    expect(desk('orePoolAssetsOverview')).toBeNull();
    const phone = renderHook(() => useMobilePoolPath(), { wrapper: observer }).result.current;
    expect(phone('orePoolDeviceOverview')).toBe('/mobile/observerMode/orePoolDeviceOverview');
    expect(phone('orePoolRevenueDetail')).toBeNull();
    expect(phone('assetsOverview')).toBeNull();
  });
});
