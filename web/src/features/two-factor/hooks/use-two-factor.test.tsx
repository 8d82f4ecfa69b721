import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import type { FieldForm } from '@/lib/field-form';
import { notify } from '@/lib/notify';
import { type Answer, type Call, fakeApi, fromTable } from '@/testing/fake-api';
import { groupKey, recoveryFileName, recoveryText } from '../model/recovery';
import { fieldRules, useDisableForm, useEnrolForm, useRenewForm, useTwoFactorPanel } from './use-two-factor';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));
vi.mock('@/lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));

let calls: Call[];
let answers: Record<string, (body: unknown) => Answer>;

const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq'];

beforeEach(() => {
  answers = {
    'GET /api/pc/v1/customer/2fa/status': () => ({ code: 0, data: { enabled: false, recoveryCodesLeft: 0 } }),
    'POST /api/pc/v1/customer/2fa/setup': () => ({ code: 0, data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Uniplus%20Pool:a%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } }),
  };
  calls = fakeApi(fromTable(() => answers));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

function fakeForm() {
  const set: Array<Array<{ name: string; errors: string[] }>> = [];
  const form: FieldForm = {
    setFields: (f) => set.push(f),
    setFieldsValue: () => {},
    resetFields: () => {},
    getFieldValue: () => undefined,
    validateFields: () => Promise.resolve({}),
  };
  return { form, set };
}

const called = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === `/api/pc/v1/customer/2fa/${path}`);

describe('the two-factor row', () => {
  it('says off, or on with the recovery codes left and a nudge when few are left', async () => {
    const { result } = renderHook(() => useTwoFactorPanel(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.enabled).toBe(false);
    expect(result.current.label).toBe('Off');
    answers['GET /api/pc/v1/customer/2fa/status'] = () => ({ code: 0, data: { enabled: true, recoveryCodesLeft: 2 } });
    const { result: on } = renderHook(() => useTwoFactorPanel(), { wrapper });
    await waitFor(() => expect(on.current.enabled).toBe(true));
    expect(on.current.label).toBe('On');
    expect(on.current.summary).toBe('Recovery codes left: 2');
    expect(on.current.low).toBe(true);
  });
});

describe('turning two-factor sign-in on', () => {
  it('asks for one key when the dialog opens, takes the first code, then shows the codes until they are saved', async () => {
    answers['POST /api/pc/v1/customer/2fa/enable'] = (body) =>
      (body as { code: string }).code === '123456'
        ? { code: 0, msg: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.', data: { recoveryCodes: codes } }
        : { code: 3, msg: 'The code is wrong or was already used.' };
    const { form, set } = fakeForm();
    const onClose = vi.fn();
    const { result } = renderHook(() => useEnrolForm(() => [form], onClose), { wrapper });
    await waitFor(() => expect(result.current.enrolment).not.toBeNull());
    expect(called('POST', 'setup')).toHaveLength(1);
    expect(result.current.key).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(result.current.step).toBe(1);
    expect(result.current.closable).toBe(true);

    await act(() => result.current.onFinish({ code: '654321' }));
    expect(set.at(-1)).toEqual([{ name: 'code', errors: ['The code is wrong or was already used.'] }]);
    expect(result.current.step).toBe(1);

    await act(() => result.current.onFinish({ code: '123 456' }));
    expect(called('POST', 'enable').at(-1)!.body).toEqual({ code: '123456' });
    expect(notify).toHaveBeenCalledWith('success', 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
    expect(result.current.step).toBe(2);
    expect(result.current.recovery.codes).toEqual(codes);
    // Shown once: no closing before "I have saved them".
    expect(result.current.closable).toBe(false);
    act(() => result.current.finish());
    expect(onClose).not.toHaveBeenCalled();

    await act(() => result.current.recovery.copyAll());
    const copied = vi.mocked(copyText).mock.calls.at(-1)![0];
    expect(copied.split('\n').slice(3, 13)).toEqual(codes);
    // The file's head dates it in the app's language (lib/format), not the browser's.
    expect(copied.split('\n')[0]).toContain(formatDate(Date.now(), 'en_US'));
    act(() => result.current.recovery.setSaved(true));
    expect(result.current.closable).toBe(true);
    act(() => result.current.finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of the set-up (already on) with a retry", async () => {
    answers['POST /api/pc/v1/customer/2fa/setup'] = () => ({ code: 3, msg: 'Two-factor sign-in is already on.' });
    const { form } = fakeForm();
    const { result } = renderHook(() => useEnrolForm(() => [form], vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.setupError).toBe('Two-factor sign-in is already on.'));
    expect(result.current.loading).toBe(false);
  });
});

describe('new recovery codes and turning off', () => {
  it('new codes need a code, then show once', async () => {
    answers['POST /api/pc/v1/customer/2fa/recovery'] = () => ({ code: 0, data: { recoveryCodes: codes } });
    const { form } = fakeForm();
    const { result } = renderHook(() => useRenewForm(() => [form], vi.fn()), { wrapper });
    await act(() => result.current.onFinish({ code: 'ABCDE-FGHJK' }));
    expect(called('POST', 'recovery')[0]!.body).toEqual({ code: 'ABCDE-FGHJK' });
    expect(result.current.step).toBe(2);
    expect(result.current.closable).toBe(false);
  });

  it('turning off sends the password and the code; a refusal shows above the buttons', async () => {
    let refuse = true;
    answers['POST /api/pc/v1/customer/2fa/disable'] = () => (refuse ? { code: 3, msg: 'The password is wrong.' } : { code: 0, msg: 'Two-factor sign-in is off.', data: null });
    const onClose = vi.fn();
    const { result } = renderHook(() => useDisableForm(() => [fakeForm().form], onClose), { wrapper });
    await act(() => result.current.onFinish({ password: ' Passw0rd! ', code: '123 456' }));
    expect(called('POST', 'disable')[0]!.body).toEqual({ password: 'Passw0rd!', code: '123456' });
    expect(result.current.error).toBe('The password is wrong.');
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    await act(() => result.current.onFinish({ password: 'Passw0rd!', code: '123456' }));
    expect(result.current.error).toBe('');
    expect(notify).toHaveBeenCalledWith('success', 'Two-factor sign-in is off.');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('field rules', () => {
  it('refuse an empty field on submit only, a malformed one at once', async () => {
    const [required, shape] = fieldRules((k) => k, (s) => s === 'ok', 'rules.code');
    expect(required!.validateTrigger).toBe('onSubmit');
    expect(shape!.validateTrigger).toBeUndefined();
    await expect(required!.validator(null, '')).rejects.toThrow('rules.code');
    await expect(shape!.validator(null, '')).resolves.toBeUndefined();
    await expect(shape!.validator(null, 'bad')).rejects.toThrow('rules.code');
    await expect(shape!.validator(null, ' ok ')).resolves.toBeUndefined();
  });
});

describe('recovery code helpers', () => {
  it('group the key, write one code a line and name the file by day', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(recoveryText(['a', 'b'], 'Head', 'Note')).toBe('Head\nNote\n\na\nb\n');
    expect(recoveryFileName(new Date(2026, 0, 5))).toBe('uniplus-pool-recovery-codes-2026-01-05.txt');
  });
});
