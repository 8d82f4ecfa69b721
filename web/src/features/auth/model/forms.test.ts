import { describe, expect, it } from 'vitest';
import { loginBody, loginPath } from '../api/log-in';
import { registrationBody } from '../api/register';
import { canSubmitLogin, canSubmitRegister, carryFromRegister, loginChannel, readAuthCarry, registerStart, toLoginRequest, toRegistration } from './forms';

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

describe('what one auth page hands the other', () => {
  it('takes only a typed contact of sane length and a ticked box from the history state', () => {
    expect(readAuthCarry(null)).toEqual({});
    expect(readAuthCarry('a@example.com')).toEqual({});
    expect(readAuthCarry({ account: 42, agree: 'yes' })).toEqual({});
    expect(readAuthCarry({ account: '   ', agree: false })).toEqual({});
    expect(readAuthCarry({ account: 'x'.repeat(51) })).toEqual({});
    expect(readAuthCarry({ account: ' a@example.com ', agree: true })).toEqual({ account: 'a@example.com', agree: true });
  });

  it('the register form hands over the contact of its tab', () => {
    const values = { phone: '13800138000', email: 'a@example.com', agree: false };
    expect(carryFromRegister(values, 'phone')).toEqual({ account: '13800138000' });
    expect(carryFromRegister(values, 'email')).toEqual({ account: 'a@example.com' });
  });

  it('the register form opens on the tab of what it is handed', () => {
    expect(registerStart({})).toEqual({ channel: 'phone', values: { agree: false } });
    expect(registerStart({ account: 'a@example.com', agree: true })).toEqual({ channel: 'email', values: { email: 'a@example.com', agree: true } });
    expect(registerStart({ account: '13800138000' })).toEqual({ channel: 'phone', values: { phone: '13800138000', agree: false } });
  });
});
