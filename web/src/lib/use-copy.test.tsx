import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as clipboard from './clipboard';
import * as notice from './notify';
import { useCopy } from './use-copy';

describe('useCopy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says Copied when the browser took the text', async () => {
    const put = vi.spyOn(clipboard, 'copyText').mockResolvedValue(true);
    const said = vi.spyOn(notice, 'notify').mockImplementation(() => {});
    const { result } = renderHook(() => useCopy());
    let ok = false;
    await act(async () => {
      ok = await result.current('bc1qexample');
    });
    expect(ok).toBe(true);
    expect(put).toHaveBeenCalledWith('bc1qexample');
    expect(said).toHaveBeenCalledWith('success', 'Copied');
  });

  it('says Copy failed, not Copy, when it refused', async () => {
    vi.spyOn(clipboard, 'copyText').mockResolvedValue(false);
    const said = vi.spyOn(notice, 'notify').mockImplementation(() => {});
    const { result } = renderHook(() => useCopy());
    let ok = true;
    await act(async () => {
      ok = await result.current('x');
    });
    expect(ok).toBe(false);
    expect(said).toHaveBeenCalledWith('error', 'Copy failed');
  });
});
