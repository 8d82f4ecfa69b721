import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { readInviteCode, session, sessionKeys } from '@/lib/storage';
import { INVITE_CHECK_TIMEOUT_MS } from '../api/check-invite';
import { useInviteLink } from './use-invite-link';

const CHECK = '/pc/v1/common/customer/invite/check';

describe('useInviteLink', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('a link without a code is missing, and asks nothing', () => {
    const get = vi.spyOn(api, 'get');
    for (const segment of [undefined, '', '  ', 'null']) {
      const { result } = renderHook(() => useInviteLink(segment));
      expect(result.current).toBe('missing');
    }
    expect(get).not.toHaveBeenCalled();
  });

  it("a live agent's code is kept and the page goes on", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ valid: true });
    const { result } = renderHook(() => useInviteLink(' AGENT7 '));
    expect(result.current).toBe('checking');
    expect(readInviteCode()).toBeNull();
    await waitFor(() => expect(result.current).toBe('go'));
    expect(get).toHaveBeenCalledWith(CHECK, { code: 'AGENT7' }, { silent: true, signal: expect.any(AbortSignal) });
    expect(readInviteCode()).toBe('AGENT7');
  });

  it('a dead code is not kept, and forgets the code of an earlier link', async () => {
    session.set(sessionKeys.agentInviteCode, 'EARLIER');
    vi.spyOn(api, 'get').mockResolvedValue({ valid: false });
    const { result } = renderHook(() => useInviteLink('GONE'));
    await waitFor(() => expect(result.current).toBe('expired'));
    expect(readInviteCode()).toBeNull();
  });

  it('a code of a shape no agent has is refused without asking', () => {
    session.set(sessionKeys.agentInviteCode, 'EARLIER');
    const get = vi.spyOn(api, 'get');
    const { result } = renderHook(() => useInviteLink('<script>'));
    expect(result.current).toBe('expired');
    expect(get).not.toHaveBeenCalled();
    expect(readInviteCode()).toBeNull();
  });

  it('a check that fails does not block registration: the code is kept and the page goes on', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError('network', 'network error'));
    const { result } = renderHook(() => useInviteLink('AGENT7'));
    await waitFor(() => expect(result.current).toBe('go'));
    expect(readInviteCode()).toBe('AGENT7');
  });

  it('a check that hangs is given up after a few seconds, and the page goes on', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'get').mockImplementation(
      (_path, _query, options) =>
        new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new ApiError('aborted', 'aborted')))),
    );
    const { result } = renderHook(() => useInviteLink('AGENT7'));
    await act(async () => void vi.advanceTimersByTime(INVITE_CHECK_TIMEOUT_MS - 1));
    expect(result.current).toBe('checking');
    await act(async () => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('go');
    expect(readInviteCode()).toBe('AGENT7');
  });

  it('a new code in the address is checked anew', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (_path, query) => ({ valid: (query as { code: string }).code === 'LIVE' }));
    const { result, rerender } = renderHook(({ code }) => useInviteLink(code), { initialProps: { code: 'GONE' } });
    await waitFor(() => expect(result.current).toBe('expired'));
    rerender({ code: 'LIVE' });
    expect(result.current).toBe('checking');
    await waitFor(() => expect(result.current).toBe('go'));
    expect(readInviteCode()).toBe('LIVE');
  });
});
