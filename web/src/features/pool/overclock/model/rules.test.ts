import { describe, expect, it } from 'vitest';
import { checkSetting, checkTemplate, emptyForm, formatSetting, formOf, hasErrors, parseSetting, settingsList, toInput, toolValue, type TemplateForm } from './rules';

const form = (over: Partial<TemplateForm> = {}): TemplateForm => ({ ...emptyForm('MINE'), name: 'Ampere eco', coreClock: '150', ...over });

describe('parseSetting', () => {
  it('reads empty as unset and whole numbers with a sign', () => {
    expect(parseSetting('')).toEqual({ ok: true, value: null });
    expect(parseSetting('  ')).toEqual({ ok: true, value: null });
    expect(parseSetting('+500')).toEqual({ ok: true, value: 500 });
    expect(parseSetting('-200')).toEqual({ ok: true, value: -200 });
    expect(parseSetting('-0')).toEqual({ ok: true, value: 0 });
  });
  it('refuses fractions, words and huge numbers', () => {
    expect(parseSetting('1.5').ok).toBe(false);
    expect(parseSetting('12a').ok).toBe(false);
    expect(parseSetting('1e3').ok).toBe(false);
    expect(parseSetting('99999999999999999999').ok).toBe(false);
  });
});

describe('checkSetting (internal/overclock/rules.go bounds)', () => {
  it('wants core values in steps of 15, negative offsets too', () => {
    expect(checkSetting('coreClock', '1000')).toEqual({ key: 'rules.clockStep', params: { step: 15 } });
    expect(checkSetting('coreClock', '990')).toBeUndefined();
    expect(checkSetting('coreClock', '-195')).toBeUndefined();
    expect(checkSetting('coreClock', '-200')).toEqual({ key: 'rules.clockStep', params: { step: 15 } });
    expect(checkSetting('coreClockLock', '1500')).toBeUndefined();
    expect(checkSetting('coreClockLock', '1501')?.key).toBe('rules.clockStep');
  });
  it('checks the range before the step, as the server does', () => {
    expect(checkSetting('coreClock', '5010')).toEqual({ key: 'rules.outOfRange', params: { min: -5000, max: 5000 } });
    expect(checkSetting('coreClockLock', '-15')).toEqual({ key: 'rules.outOfRange', params: { min: 0, max: 5000 } });
    expect(checkSetting('memClock', '-10001')).toEqual({ key: 'rules.outOfRange', params: { min: -10000, max: 10000 } });
    expect(checkSetting('memClockLock', '30001')?.key).toBe('rules.outOfRange');
    expect(checkSetting('power', '1001')?.key).toBe('rules.outOfRange');
    expect(checkSetting('fan', '101')).toEqual({ key: 'rules.outOfRange', params: { min: 0, max: 100 } });
  });
  it('takes any whole number within range for memory, power and fan; 0 is factory', () => {
    expect(checkSetting('memClock', '1001')).toBeUndefined();
    expect(checkSetting('power', '0')).toBeUndefined();
    expect(checkSetting('fan', '0')).toBeUndefined();
    expect(checkSetting('fan', '65.5')).toEqual({ key: 'rules.notInteger' });
  });
});

describe('checkTemplate', () => {
  it('passes a good template', () => {
    expect(checkTemplate(form(), ['MINE'])).toEqual({});
    expect(hasErrors(checkTemplate(form(), ['MINE']))).toBe(false);
  });
  it('wants a name of at most 20 characters without control characters', () => {
    expect(checkTemplate(form({ name: '   ' })).name).toEqual({ key: 'rules.nameRequired' });
    expect(checkTemplate(form({ name: 'x'.repeat(21) })).name).toEqual({ key: 'rules.nameTooLong', params: { max: 20 } });
    expect(checkTemplate(form({ name: '超频模板'.repeat(5) })).name).toBeUndefined();
    expect(checkTemplate(form({ name: '🔥'.repeat(20) })).name).toBeUndefined();
    expect(checkTemplate(form({ name: 'a\tb' })).name).toEqual({ key: 'rules.nameInvalid' });
  });
  it('wants a coin that allows overclocking', () => {
    expect(checkTemplate(form({ coin: '' })).coin).toEqual({ key: 'rules.coinRequired' });
    expect(checkTemplate(form({ coin: 'LOCK' }), ['MINE']).coin).toEqual({ key: 'rules.coinNoOverclock', params: { coin: 'LOCK' } });
    expect(checkTemplate(form({ coin: 'LOCK' })).coin).toBeUndefined();
  });
  it('wants a known GPU category', () => {
    expect(checkTemplate(form({ gpuCategory: '' })).gpuCategory).toEqual({ key: 'rules.gpuRequired' });
    expect(checkTemplate(form({ gpuCategory: 'Intel' })).gpuCategory).toEqual({ key: 'rules.gpuUnknown' });
  });
  it('wants at least one of the six values (SPEC section 5)', () => {
    expect(checkTemplate(form({ coreClock: '' })).settings).toEqual({ key: 'rules.noSettings' });
    expect(checkTemplate(form({ coreClock: '', fan: '0' })).settings).toBeUndefined();
  });
  it('reports every broken value at once', () => {
    const e = checkTemplate(form({ coreClock: '1000', memClock: 'abc', fan: '120' }));
    expect(Object.keys(e).sort()).toEqual(['coreClock', 'fan', 'memClock']);
  });
});

describe('toInput and formOf', () => {
  it('sends numbers and nulls, trimmed name', () => {
    expect(toInput(form({ name: ' Eco ', memClock: '+1000', power: '0' }))).toEqual({
      name: 'Eco',
      coin: 'MINE',
      gpuCategory: 'NVIDIA',
      coreClock: 150,
      coreClockLock: null,
      memClock: 1000,
      memClockLock: null,
      power: 0,
      fan: null,
    });
  });
  it('fills the form back from a template', () => {
    const t = { id: 1, name: 'Eco', coin: 'MINE', gpuCategory: 'AMD' as const, coreClock: -150, coreClockLock: null, memClock: 1000, memClockLock: null, power: 0, fan: null, createdAt: 1, updatedAt: 1 };
    const f = formOf(t);
    expect(f).toMatchObject({ name: 'Eco', coin: 'MINE', gpuCategory: 'AMD', coreClock: '-150', coreClockLock: '', memClock: '1000', power: '0', fan: '' });
    expect(toInput(f)).toMatchObject({ coreClock: -150, memClock: 1000, power: 0, fan: null });
    expect(settingsList(t)).toEqual([
      ['coreClock', -150],
      ['memClock', 1000],
      ['power', 0],
    ]);
  });
});

describe('toolValue', () => {
  it('halves a memory value for a tuning tool', () => {
    expect(toolValue('1000')).toBe(500);
    expect(toolValue('-301')).toBe(-150.5);
    expect(toolValue('')).toBeNull();
    expect(toolValue('x')).toBeNull();
  });
});

describe('formatSetting', () => {
  it('signs offsets and adds units', () => {
    expect(formatSetting('coreClock', 150)).toBe('+150 MHz');
    expect(formatSetting('memClock', -200)).toBe('-200 MHz');
    expect(formatSetting('coreClockLock', 1500)).toBe('1500 MHz');
    expect(formatSetting('power', 0)).toBe('0 W');
    expect(formatSetting('fan', 60)).toBe('60 %');
  });
});
