import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyContext, observerMayOpen, useMobilePoolPath, usePoolPath } from './read-only';
import { local, localKeys } from './storage';

const observer = ({ children }: { children: ReactNode }) => <ReadOnlyContext.Provider value>{children}</ReadOnlyContext.Provider>;

describe('pool paths in observer mode', () => {
  it("lead to the account's pages for the owner", () => {
    const { result } = renderHook(() => usePoolPath());
    expect(result.current('orePoolAnlageuebersicht')).toBe('/account/orePoolAnlageuebersicht');
    expect(result.current('orePoolMachineDetail')).toBe('/account/orePoolMachineDetail');
  });

  it('lead to the observer pages of the same name, and nowhere an observer cannot go', () => {
    local.setJSON(localKeys.observerInfo, { machineInfoEnabled: true, incomeInfoEnabled: true });
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

describe('observerMayOpen', () => {
  it('opens the device pages with machine info and the revenue pages with income info', () => {
    const machine = { machineInfoEnabled: true, incomeInfoEnabled: false };
    const income = { machineInfoEnabled: false, incomeInfoEnabled: true };
    for (const page of ['orePoolDeviceOverview', 'orePoolAnlageuebersicht', 'orePoolDeviceSubaccount']) {
      expect(observerMayOpen(page, machine)).toBe(true);
      expect(observerMayOpen(page, income)).toBe(false);
    }
    for (const page of ['orePoolRevenueSummary', 'orePoolRevenueChain']) {
      expect(observerMayOpen(page, income)).toBe(true);
      expect(observerMayOpen(page, machine)).toBe(false);
    }
  });

  it('never opens an owner-only page, nor anything without flags', () => {
    const both = { machineInfoEnabled: true, incomeInfoEnabled: true };
    for (const page of ['orePoolMachineDetail', 'orePoolAssetsOverview', 'orePoolWithdrawlSetList', 'orePoolSubAccountInfo']) {
      expect(observerMayOpen(page, both)).toBe(false);
    }
    expect(observerMayOpen('orePoolRevenueSummary', {})).toBe(false);
  });

  it("a link's paths follow its flags: an income-only link has no device page to link to", () => {
    local.setJSON(localKeys.observerInfo, { machineInfoEnabled: false, incomeInfoEnabled: true });
    const desk = renderHook(() => usePoolPath(), { wrapper: observer }).result.current;
    expect(desk('orePoolDeviceOverview')).toBeNull();
    expect(desk('orePoolRevenueSummary')).toBe('/observerMode/orePoolRevenueSummary');
    const phone = renderHook(() => useMobilePoolPath(), { wrapper: observer }).result.current;
    expect(phone('orePoolDeviceOverview')).toBeNull();
  });
});
