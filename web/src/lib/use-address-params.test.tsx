import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

const wrapper = (initial: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
  };

function useProbe() {
  const [params, edit] = useAddressParams();
  return { params, edit, search: useLocation().search };
}

describe('useAddressParams', () => {
  it('starts a second edit from the first, even before the address has rendered', () => {
    const { result } = renderHook(useProbe, { wrapper: wrapper('/list?status=offline&coin=MINE') });
    const { edit } = result.current; // the handlers of one render, as a fast user reaches them
    act(() => {
      edit((p) => (p.delete('status'), p));
      edit((p) => (p.set('keyword', 'rig01'), p));
    });
    expect(result.current.search).toBe('?coin=MINE&keyword=rig01');
  });

  it('follows a navigation that is not its own', () => {
    const { result, rerender } = renderHook(useProbe, { wrapper: wrapper('/list?a=1') });
    act(() => result.current.edit((p) => (p.set('b', '2'), p)));
    expect(result.current.search).toBe('?a=1&b=2');
    rerender();
    act(() => result.current.edit((p) => (p.delete('a'), p)));
    expect(result.current.search).toBe('?b=2');
    expect(result.current.params.get('b')).toBe('2');
  });
});
