import { describe, expect, it } from 'vitest';
import { loginBody, loginPath } from '../api/log-in';
import { registrationBody } from '../api/register';
import { canSubmitLogin, canSubmitRegister, loginChannel, toLoginRequest, toRegistration } from './forms';

describe('login form', () => {
  it('the button needs the tab fields, not the terms (pressing it unticked warns)', () => {
    const base = { account: 'a@example.com', password: 'secret12', code: '', agree: true };
    expect(canSubmitLogin(base, 'pwd')).toBe(true);
    expect(canSubmitLogin({ ...base, agree: false }, 'pwd')).toBe(true);
    expect(canSubmitLogin({ ...base, password: '   ' }, 'pwd')).toBe(false);
    expect(canSubmitLogin({ ...base, account: '' }, 'pwd')).toBe(false);
    expect(canSubmitLogin(base, 'code')).toBe(false);
    expect(canSubmitLogin({ ...base, code: '123456' }, 'code')).toBe(true);
  });

  it('the input names the channel', () => {
    expect(loginChannel('13800138000')).toBe('phone');
    expect(loginChannel('a@example.com')).toBe('email');
    expect(loginChannel('13')).toBeNull();
  });

  it('builds the call: trimmed password and the ticket for a password login', () => {
    const req = toLoginRequest({ account: ' 13800138000 ', password: '  Passw0rd!  ' }, 'pwd', 'tk');
    expect(req).toEqual({ channel: 'phone', method: 'pwd', target: '13800138000', password: 'Passw0rd!', ticket: 'tk' });
    expect(loginPath(req.channel, req.method)).toBe('/pc/v1/common/customer/login/phone/pwd');
    expect(loginBody(req)).toEqual({ phone: '13800138000', password: 'Passw0rd!', ticket: 'tk' });
  });

  it('a code login carries no ticket', () => {
    const req = toLoginRequest({ account: 'A@Example.com', code: ' 123456 ' }, 'code', null);
    expect(loginPath(req.channel, req.method)).toBe('/pc/v1/common/customer/login/email/code');
    expect(loginBody(req)).toEqual({ email: 'A@Example.com', code: '123456' });
  });
});

describe('register form', () => {
  const filled = { nickName: 'miner', email: 'a@example.com', code: '123456', password: 'Passw0rd!', repeat: 'Passw0rd!', agree: true };

  it('the button needs every field of the tab, not the terms', () => {
    expect(canSubmitRegister(filled, 'email')).toBe(true);
    expect(canSubmitRegister(filled, 'phone')).toBe(false);
    expect(canSubmitRegister({ ...filled, agree: false }, 'email')).toBe(true);
    expect(canSubmitRegister({ ...filled, repeat: '' }, 'email')).toBe(false);
    expect(canSubmitRegister({ ...filled, phone: '13800138000' }, 'phone')).toBe(true);
  });

  it('the payload carries the invite code and the channel fields (SPEC 3)', () => {
    const body = registrationBody(toRegistration({ ...filled, password: ' Passw0rd! ' }, 'email', 'ABC123'));
    expect(body).toEqual({ agentInviteCode: 'ABC123', password: 'Passw0rd!', nickName: 'miner', email: 'a@example.com', emailCode: '123456' });
    const phone = registrationBody(toRegistration({ ...filled, phone: '13800138000' }, 'phone', null));
    expect(phone).toEqual({ agentInviteCode: null, password: 'Passw0rd!', nickName: 'miner', phone: '13800138000', phoneCode: '123456' });
  });
});
