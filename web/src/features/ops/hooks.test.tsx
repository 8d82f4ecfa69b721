import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { opsApi, opsClient, TOTP_HEADER } from './api';
import { useActions, useCursorList, useOpsAction, useSignIn } from './hooks';
import { hookWrapper as wrapper, submitted } from './testing';

const refusal = (key: string, msg: string) => new ApiError('code', msg, 3, { error: key });

describe('useOpsAction: the authenticator code again', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends nothing without a reason or six digits, then sends the code in X-Ops-TOTP', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue(null);
    const { result } = renderHook(
      () => useOpsAction({ reasonRequired: true, needsCode: true }, (reason, o) => opsApi.withdrawalAction(7, 'reject', reason, o)),
      { wrapper: wrapper() },
    );
    act(() => result.current.show());
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.errors).toEqual({ reason: 'form.reasonRequired', code: 'form.codeSixDigits' });
    expect(post).not.toHaveBeenCalled();

    act(() => {
      result.current.setReason('  address belongs to a scam ');
      result.current.setCode('12 34-56');
    });
    expect(result.current.input.code).toBe('123456');
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/withdrawals/7/reject', { reason: 'address belongs to a scam' }, { quiet: true, headers: { [TOTP_HEADER]: '123456' } });
    expect(result.current.open).toBe(false);
  });

  it('keeps the modal open on a wrong code, empties the code and shows the message; the next code goes through', async () => {
    const post = vi
      .spyOn(opsClient, 'post')
      .mockRejectedValueOnce(refusal('ops.wrongCode', 'The authenticator code is wrong or was already used.'))
      .mockResolvedValueOnce(null);
    const done = vi.fn();
    const { result } = renderHook(
      () => useOpsAction({ reasonRequired: false, needsCode: true }, (reason, o) => opsApi.withdrawalAction(3, 'approve', reason, o), done),
      { wrapper: wrapper() },
    );
    act(() => {
      result.current.show();
      result.current.setCode('111111');
    });
    expect(await submitted(() => result.current.submit())).toBe(false);
    expect(result.current.open).toBe(true);
    expect(result.current.input.code).toBe('');
    expect(result.current.serverError).toBe('The authenticator code is wrong or was already used.');
    expect(done).not.toHaveBeenCalled();

    act(() => result.current.setCode('222222'));
    expect(await submitted(() => result.current.submit())).toBe(true);
    expect(post).toHaveBeenLastCalledWith('/v1/withdrawals/3/approve', { reason: '' }, { quiet: true, headers: { [TOTP_HEADER]: '222222' } });
    expect(done).toHaveBeenCalledOnce();
    expect(result.current.serverError).toBe('');
  });

  it('sends no code header for an action that does not ask it, and keeps the reason after another refusal', async () => {
    const post = vi.spyOn(opsClient, 'post').mockRejectedValueOnce(refusal('account.admin.alreadyFrozen', 'Already frozen.'));
    const { result } = renderHook(
      () => useOpsAction({ reasonRequired: true, needsCode: false }, (reason) => opsApi.userAction(9, 'freeze', { what: 'withdrawals', reason })),
      { wrapper: wrapper() },
    );
    act(() => {
      result.current.show();
      result.current.setReason('chargeback');
    });
    await act(async () => {
      await result.current.submit();
    });
    expect(post).toHaveBeenCalledWith('/v1/users/9/freeze', { what: 'withdrawals', reason: 'chargeback' }, { quiet: true, headers: undefined });
    expect(result.current.input.reason).toBe('chargeback');
    expect(result.current.serverError).toBe('Already frozen.');
  });
});

describe('useActions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives each named action its own modal and sends it by its name', async () => {
    const post = vi.spyOn(opsClient, 'post').mockResolvedValue(null);
    const { result } = renderHook(
      () => useActions(['fail', 'unbatch'] as const, (a) => ({ reasonRequired: a === 'fail', needsCode: false }), (a, reason, o) => opsApi.payoutAction(4, a, reason, o)),
      { wrapper: wrapper() },
    );
    act(() => result.current.unbatch.show());
    expect(result.current.unbatch.open).toBe(true);
    expect(result.current.fail.open).toBe(false);
    expect(await submitted(() => result.current.fail.submit())).toBe(false);
    expect(result.current.fail.errors.reason).toBe('form.reasonRequired');
    expect(await submitted(() => result.current.unbatch.submit())).toBe(true);
    expect(post).toHaveBeenCalledWith('/v1/payouts/4/unbatch', { reason: '' }, { quiet: true, headers: undefined });
  });
});

describe('useSignIn', () => {
  afterEach(() => vi.restoreAllMocks());

  it('enrols at the first sign-in: the key, then its first code', async () => {
    const post = vi
      .spyOn(opsClient, 'post')
      .mockResolvedValueOnce({ step: 'enrol', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })
      .mockResolvedValueOnce({ step: 'done' });
    const done = vi.fn();
    const { result } = renderHook(() => useSignIn(done));
    await act(async () => {
      await result.current.submitPassword('ann@example.com', 'a long password');
    });
    expect(result.current.stage).toBe('enrol');
    expect(result.current.enrolment?.secret).toBe('JBSWY3DPEHPK3PXP');
    await act(async () => {
      await result.current.submitCode(' 123456 ');
    });
    expect(post).toHaveBeenLastCalledWith('/v1/enrol', { code: '123456' }, { quiet: true });
    expect(done).toHaveBeenCalledOnce();
  });

  it('asks the code of an enrolled operator with the password again, and starts over when the enrolment expired', async () => {
    const post = vi
      .spyOn(opsClient, 'post')
      .mockResolvedValueOnce({ step: 'code' })
      .mockRejectedValueOnce(refusal('ops.wrongCode', 'Wrong code.'))
      .mockResolvedValueOnce({ step: 'enrol', secret: 'S', uri: 'otpauth://x' })
      .mockRejectedValueOnce(new ApiError('code', 'The set-up has expired.', 4, { error: 'ops.enrolGone' }));
    const { result } = renderHook(() => useSignIn(() => {}));
    await act(async () => {
      await result.current.submitPassword('bo@example.com', 'pw pw pw pw pw');
    });
    expect(result.current.stage).toBe('code');
    await act(async () => {
      await result.current.submitCode('000000');
    });
    expect(post).toHaveBeenLastCalledWith('/v1/login', { email: 'bo@example.com', password: 'pw pw pw pw pw', code: '000000' }, { quiet: true });
    expect(result.current.error).toBe('Wrong code.');
    expect(result.current.stage).toBe('code');

    await act(async () => {
      await result.current.submitPassword('new@example.com', 'pw pw pw pw pw');
    });
    await act(async () => {
      await result.current.submitCode('123456');
    });
    expect(result.current.stage).toBe('password');
    expect(result.current.error).toBe('The set-up has expired.');
  });
});

describe('useCursorList', () => {
  it('walks pages by cursor and starts again from the first when the filters change', async () => {
    const fetch = vi.fn(async (q: Record<string, string | undefined>) =>
      q.cursor === '10' ? { items: [{ id: 9 }], nextCursor: null } : { items: [{ id: 11 }, { id: 10 }], nextCursor: '10' },
    );
    let filters: Record<string, string> = { status: 'review', coin: '' };
    const { result, rerender } = renderHook(() => useCursorList('t', filters, fetch), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(fetch).toHaveBeenLastCalledWith({ status: 'review', cursor: undefined });
    expect(result.current.hasNext).toBe(true);
    act(() => result.current.next());
    await waitFor(() => expect(result.current.items).toEqual([{ id: 9 }]));
    expect(result.current.page).toBe(2);
    expect(result.current.hasNext).toBe(false);
    expect(result.current.hasPrev).toBe(true);

    filters = { status: 'review', coin: 'MINE' };
    rerender();
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ status: 'review', coin: 'MINE', cursor: undefined }));
    expect(result.current.page).toBe(1);
  });
});
