import { describe, expect, it } from 'vitest';
import { changeContactBody } from './change-contact';
import { codePath } from './send-account-code';
import { passwordUpdateCall } from './update-password';

describe('account calls', () => {
  it('code calls use sms for phones and email for emails', () => {
    expect(codePath('phone', 'send')).toBe('/pc/v1/customer/sms/code/send');
    expect(codePath('email', 'check')).toBe('/pc/v1/customer/email/code/check');
  });
  it('a change sends both codes with the new contact', () => {
    expect(changeContactBody({ channel: 'phone', code: '111111', target: '13900139000', newCode: '222222' })).toEqual({
      code: '111111',
      newPhone: '13900139000',
      newCode: '222222',
    });
    expect(changeContactBody({ channel: 'email', code: '1', target: 'b@example.com', newCode: '2' })).toEqual({
      code: '1',
      newEmail: 'b@example.com',
      newCode: '2',
    });
  });
  it('password updates go to the call of their proof', () => {
    expect(passwordUpdateCall({ by: 'oldPassword', password: 'old', newPassword: 'new12345' })).toEqual({
      path: '/pc/v1/customer/password/upd/oldPassword',
      body: { password: 'old', newPassword: 'new12345' },
    });
    expect(passwordUpdateCall({ by: 'phone', target: '13800138000', code: '123456', newPassword: 'new12345' })).toEqual({
      path: '/pc/v1/customer/password/upd/phoneCode',
      body: { phone: '13800138000', code: '123456', newPassword: 'new12345' },
    });
    expect(passwordUpdateCall({ by: 'email', target: 'a@example.com', code: '123456', newPassword: 'new12345' }).path).toBe(
      '/pc/v1/customer/password/upd/emailCode',
    );
  });
});
