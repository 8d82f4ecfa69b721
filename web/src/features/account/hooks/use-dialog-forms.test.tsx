import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { useContactForm, useNicknameForm, usePasswordForm, type FieldForm } from './use-dialog-forms';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  </MemoryRouter>
);

/** fakeForm records what the glue does to the form. */
function fakeForm(values: Record<string, unknown> = {}) {
  const calls = { setFields: [] as Array<Array<{ name: string; errors: string[] }>>, setFieldsValue: [] as Array<Record<string, unknown>>, resets: 0 };
  const form: FieldForm = {
    setFields: (f) => calls.setFields.push(f),
    setFieldsValue: (v) => calls.setFieldsValue.push(v),
    resetFields: () => {
      calls.resets++;
    },
    getFieldValue: (n) => values[n],
    validateFields: () => Promise.resolve(values),
  };
  return { form, calls };
}

describe('dialog form glue', () => {
  beforeEach(() => vi.restoreAllMocks());

  it("puts the server's refusal of the old password on the old-password field, and clears step two after a pass", async () => {
    const { form, calls } = fakeForm();
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce(new ApiError('code', 'The password is wrong.', 3));
    const { result } = renderHook(() => usePasswordForm(() => [form], { email: 'a@example.com' }, vi.fn()), { wrapper });
    await act(() => result.current.onFinish({ oldPassword: 'nope' }));
    expect(post).toHaveBeenCalledWith('/pc/v1/customer/password/check', { oldPassword: 'nope' }, { quiet: true });
    expect(calls.setFields).toEqual([[{ name: 'oldPassword', errors: ['The password is wrong.'] }]]);
    expect(result.current.flow.step).toBe(1);

    post.mockResolvedValueOnce(null);
    await act(() => result.current.onFinish({ oldPassword: 'right' }));
    expect(result.current.flow.step).toBe(2);
    expect(calls.setFieldsValue).toEqual([{ newPassword: '', confirm: '' }]);
    expect(result.current.submitLabel).toBe('Confirm');
  });

  it('switching to a bound channel resets the form; an unbound one does not', () => {
    const { form, calls } = fakeForm();
    const { result } = renderHook(() => usePasswordForm(() => [form], { email: 'a@example.com' }, vi.fn()), { wrapper });
    act(() => result.current.selectTab('phone'));
    expect(calls.resets).toBe(0);
    act(() => result.current.selectTab('email'));
    expect(calls.resets).toBe(1);
    expect(result.current.note).toContain('a***@example.com');
  });

  it('an unchanged nickname closes without a call; a refused one shows on its field', async () => {
    const { form, calls } = fakeForm();
    const send = vi.spyOn(api, 'send').mockRejectedValueOnce(new ApiError('code', 'That name is taken.', 3));
    const onClose = vi.fn();
    const { result } = renderHook(() => useNicknameForm(() => [form], { nickName: 'miner' }, onClose), { wrapper });
    await act(() => result.current.onFinish({ nickName: ' miner ' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    await act(() => result.current.onFinish({ nickName: 'other' }));
    expect(calls.setFields).toEqual([[{ name: 'nickName', errors: ['That name is taken.'] }]]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  // Issue 29 item 2: a bind proves the holder asks, not only a session.
  it('a bind asks for the login password first, checks it, then sends it with the new contact and its code', async () => {
    const { form, calls } = fakeForm();
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce(new ApiError('code', 'The password is wrong.', 3));
    const send = vi.spyOn(api, 'send').mockResolvedValue({ msg: 'Bound successfully.', data: null });
    const onClose = vi.fn();
    const { result } = renderHook(() => useContactForm(() => [form], { email: 'miner@example.com' }, 'phone', onClose), { wrapper });
    expect(result.current.flow.mode).toBe('bind');
    expect(result.current.verifying).toBe(true);
    expect(result.current.byPassword).toBe(true);
    expect(result.current.proofTabs.map((x) => x.label)).toEqual(['Login password', 'Email code']);
    expect(result.current.choosesProof).toBe(true);
    expect(result.current.submitLabel).toBe('Next');
    await act(() => result.current.onFinish({ password: ' wrong-pass ' }));
    expect(post).toHaveBeenCalledWith('/pc/v1/customer/password/check', { oldPassword: 'wrong-pass' }, { quiet: true });
    expect(calls.setFields).toEqual([[{ name: 'password', errors: ['The password is wrong.'] }]]);
    expect(result.current.flow.step).toBe(1);
    expect(send).not.toHaveBeenCalled();

    post.mockResolvedValueOnce(null);
    await act(() => result.current.onFinish({ password: 'Passw0rd!' }));
    expect(result.current.flow.step).toBe(2);
    expect(result.current.choosesProof).toBe(false);
    expect(result.current.holdNote).toContain('pause for 24 hours');
    await act(() => result.current.onFinish({ target: '13812345678', code: '123456' }));
    expect(send).toHaveBeenCalledWith('/pc/v1/customer/phone/bind', { method: 'POST', body: { phone: '13812345678', code: '123456', password: 'Passw0rd!' }, quiet: true });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('or a bind code to the contact the account has, checked at step 1 and sent as currentCode', async () => {
    const { form, calls } = fakeForm();
    const send = vi.spyOn(api, 'send').mockResolvedValue({ msg: '', data: null });
    const get = vi.spyOn(api, 'get').mockResolvedValue(null);
    const { result } = renderHook(() => useContactForm(() => [form], { email: 'miner@example.com' }, 'phone', vi.fn()), { wrapper });
    act(() => result.current.selectProof('code'));
    expect(calls.resets).toBe(1);
    expect(result.current.byPassword).toBe(false);
    expect(result.current.note).toBe('We send a code to your email min***@example.com.');
    await act(() => result.current.flow.sendProof('ticket-1'));
    expect(send).toHaveBeenLastCalledWith('/pc/v1/customer/email/code/send', { query: { email: 'miner@example.com', scenes: 'bindPhone', ticket: 'ticket-1' }, quiet: true });
    await act(() => result.current.onFinish({ currentCode: ' 654321 ' }));
    expect(get).toHaveBeenCalledWith('/pc/v1/customer/email/code/check', { email: 'miner@example.com', code: '654321', scenes: 'bindPhone' }, { quiet: true });
    expect(result.current.flow.step).toBe(2);
    await act(() => result.current.onFinish({ target: '13812345678', code: '123456' }));
    expect(send).toHaveBeenLastCalledWith('/pc/v1/customer/phone/bind', { method: 'POST', body: { phone: '13812345678', code: '123456', currentCode: '654321' }, quiet: true });
  });

  it('an account without the other contact proves a bind by its password only; a change still asks the current contact', () => {
    const { form } = fakeForm();
    const bind = renderHook(() => useContactForm(() => [form], { phone: '13812345678' }, 'email', vi.fn()), { wrapper });
    expect(bind.result.current.proofTabs.map((x) => x.key)).toEqual(['password', 'code']);
    expect(bind.result.current.proofTabs[1]!.label).toBe('Phone code');
    const lone = renderHook(() => useContactForm(() => [form], {}, 'email', vi.fn()), { wrapper });
    expect(lone.result.current.proofTabs.map((x) => x.key)).toEqual(['password']);
    expect(lone.result.current.choosesProof).toBe(false);
    const change = renderHook(() => useContactForm(() => [form], { phone: '13812345678', email: 'a@example.com' }, 'phone', vi.fn()), { wrapper });
    expect(change.result.current.flow.mode).toBe('change');
    expect(change.result.current.byPassword).toBe(false);
    expect(change.result.current.choosesProof).toBe(false);
    expect(change.result.current.note).toBe('First we send a code to your current phone 138****5678.');
  });
});
