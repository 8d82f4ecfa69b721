import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { useNicknameForm, usePasswordForm, type FieldForm } from './use-dialog-forms';

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
    const { result } = renderHook(() => usePasswordForm(form, { email: 'a@example.com' }, vi.fn()), { wrapper });
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
    const { result } = renderHook(() => usePasswordForm(form, { email: 'a@example.com' }, vi.fn()), { wrapper });
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
    const { result } = renderHook(() => useNicknameForm(form, { nickName: 'miner' }, onClose), { wrapper });
    await act(() => result.current.onFinish({ nickName: ' miner ' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
    await act(() => result.current.onFinish({ nickName: 'other' }));
    expect(calls.setFields).toEqual([[{ name: 'nickName', errors: ['That name is taken.'] }]]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
