import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { usePasswordFlow } from './use-password-flow';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('usePasswordFlow', () => {
  it('refuses the phone and email tabs when that contact is not bound, with the warning', () => {
    const { result } = renderHook(() => usePasswordFlow({ email: 'a@example.com' }, vi.fn()), { wrapper });
    let ok = true;
    act(() => {
      ok = result.current.selectTab('phone');
    });
    expect(ok).toBe(false);
    expect(result.current.tab).toBe('old');
    expect(notify).toHaveBeenCalledWith('warning', 'You have not bound a phone or email, so this verification method is unsupported.');
    act(() => {
      ok = result.current.selectTab('email');
    });
    expect(ok).toBe(true);
    expect(result.current.tab).toBe('email');
    expect(result.current.step).toBe(1);
  });
});
