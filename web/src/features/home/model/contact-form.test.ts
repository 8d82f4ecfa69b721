import { describe, expect, it } from 'vitest';
import { CONTACT_MAX, checkContact, checkContactField, contactErrorKey, toContactMessage } from './contact-form';

describe('contact form rules', () => {
  it('requires both fields, after trimming', () => {
    expect(checkContact({})).toEqual({ name: 'required', contactInformation: 'required' });
    expect(checkContact({ name: '   ', contactInformation: '\t' })).toEqual({ name: 'required', contactInformation: 'required' });
    expect(checkContact({ name: 'Li', contactInformation: 'li@example.com' })).toEqual({});
  });

  it('counts characters like the server (code points), after trimming', () => {
    expect(checkContactField('name', 'a'.repeat(CONTACT_MAX.name))).toBeNull();
    expect(checkContactField('name', ` ${'a'.repeat(CONTACT_MAX.name)}  `)).toBeNull();
    expect(checkContactField('name', 'a'.repeat(CONTACT_MAX.name + 1))).toBe('tooLong');
    expect(checkContactField('name', '矿'.repeat(CONTACT_MAX.name))).toBeNull();
    expect(checkContactField('name', '😀'.repeat(CONTACT_MAX.name))).toBeNull();
    expect(checkContactField('contactInformation', 'x'.repeat(100))).toBeNull();
    expect(checkContactField('contactInformation', 'x'.repeat(101))).toBe('tooLong');
  });

  it('refuses control characters inside a value', () => {
    expect(checkContactField('name', 'a\u0007b')).toBe('invalid');
    expect(checkContactField('contactInformation', 'a\nb')).toBe('invalid');
  });

  it('trims what it sends and names the texts of each problem', () => {
    expect(toContactMessage({ name: ' Li ', contactInformation: ' 138 ' })).toEqual({ name: 'Li', contactInformation: '138' });
    expect(contactErrorKey('contactInformation', 'required')).toBe('contact.errors.contactInformation.required');
  });
});
