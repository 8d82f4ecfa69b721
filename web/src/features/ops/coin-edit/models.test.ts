import { describe, expect, it } from 'vitest';
import {
  canEditCoins,
  changeOf,
  changesTerms,
  compareAmounts,
  fieldOfRefusal,
  formOf,
  normAmount,
  parsePorts,
  validateCoinForm,
  type EditableCoin,
} from './models';

const coin: EditableCoin = {
  type: 'BTC',
  name: 'Bitcoin',
  algorithm: 'sha256d',
  open: true,
  closedMsg: { en_US: 'Maintenance' },
  feeBps: 250,
  settleModel: 'PPS',
  settleTime: '00:00',
  ppsTxFees: false,
  pending: null,
  minWithdraw: '0.001',
  withdrawFee: '0.0002',
  withdrawReviewAbove: '1',
  dustFloor: '0',
  payoutConfirmations: 6,
  stratumPorts: [3333, 3334],
  soloPorts: [4333],
  soloFeeBps: 100,
  minDifficulty: 0,
  driver: 'bitcoind',
  flags: [],
};

const edited = (patch: Partial<ReturnType<typeof formOf>>) => ({ ...formOf(coin), reason: 'fee review', ...patch });

describe('coin form: filled from the coin', () => {
  it('shows every setting as text, the closed message in every language', () => {
    const f = formOf(coin);
    expect(f.feeBps).toBe('250');
    expect(f.stratumPorts).toBe('3333, 3334');
    expect(f.closedMsg).toEqual({ zh_CN: '', zh_HK: '', en_US: 'Maintenance', ko_KR: '' });
    expect(f.reason).toBe('');
  });

  it('shows a pending fee or PPS change as the value to come', () => {
    const f = formOf({ ...coin, pending: { feeBps: 300, ppsTxFees: true, from: '2026-12-01' } });
    expect(f.feeBps).toBe('300');
    expect(f.ppsTxFees).toBe(true);
  });
});

describe('coin form: the rules of coin.Store.Update', () => {
  it('passes the coin as it is with a reason', () => {
    expect(validateCoinForm(edited({}), coin)).toEqual({});
  });

  it('names each field that breaks a rule', () => {
    const e = validateCoinForm(
      edited({
        feeBps: '10001',
        soloFeeBps: '1.5',
        minWithdraw: '-1',
        withdrawReviewAbove: 'lots',
        payoutConfirmations: '1001',
        stratumPorts: '3333, 70000',
        soloPorts: 'x',
        closedMsg: { zh_CN: '', zh_HK: '', en_US: 'a'.repeat(501), ko_KR: '' },
        reason: ' ',
      }),
      coin,
    );
    expect(e).toEqual({
      feeBps: 'errors.feeRange',
      soloFeeBps: 'errors.feeRange',
      minWithdraw: 'errors.negative',
      withdrawReviewAbove: 'errors.badAmount',
      payoutConfirmations: 'errors.confirmationsRange',
      stratumPorts: 'errors.portRange',
      soloPorts: 'errors.portRange',
      closedMsg: 'errors.closedTooLong',
      reason: 'errors.reasonRequired',
    });
  });

  it('wants the withdrawal fee below a minimum, and none when the minimum is 0', () => {
    expect(validateCoinForm(edited({ withdrawFee: '0.001' }), coin).withdrawFee).toBe('errors.feeNotBelowMinimum');
    expect(validateCoinForm(edited({ withdrawFee: '0.00099999' }), coin).withdrawFee).toBeUndefined();
    expect(validateCoinForm(edited({ minWithdraw: '0', withdrawFee: '5' }), coin).withdrawFee).toBeUndefined();
  });

  it('refuses a port twice, across the pool and the solo ports', () => {
    expect(validateCoinForm(edited({ soloPorts: '3334' }), coin).soloPorts).toBe('errors.portTwice');
    expect(validateCoinForm(edited({ stratumPorts: '3333 3333' }), coin).stratumPorts).toBe('errors.portTwice');
  });

  it('refuses solo ports where the driver has no solo mining', () => {
    expect(validateCoinForm(edited({}), { driver: 'kaspad' }).soloPorts).toBe('errors.noSolo');
    expect(validateCoinForm(edited({ soloPorts: '' }), { driver: 'ironfish' }).soloPorts).toBeUndefined();
  });

  it('takes a difficulty floor of 0 (none) or above 0 and at most 10^9', () => {
    expect(validateCoinForm(edited({ minDifficulty: '0.5' }), coin).minDifficulty).toBeUndefined();
    expect(validateCoinForm(edited({ minDifficulty: '1e9' }), coin).minDifficulty).toBeUndefined();
    expect(validateCoinForm(edited({ minDifficulty: '1000000001' }), coin).minDifficulty).toBe('errors.minDifficultyRange');
    expect(validateCoinForm(edited({ minDifficulty: '-1' }), coin).minDifficulty).toBe('errors.minDifficultyRange');
    expect(validateCoinForm(edited({ minDifficulty: 'high' }), coin).minDifficulty).toBe('errors.minDifficultyRange');
    expect(changeOf(edited({ minDifficulty: '64' }), coin)).toEqual({ reason: 'fee review', minDifficulty: 64 });
    expect(changeOf(edited({ minDifficulty: '0' }), { ...coin, minDifficulty: 64 })).toEqual({ reason: 'fee review', minDifficulty: 0 });
    expect(fieldOfRefusal('coin.update.minDifficultyRange', 'minDifficulty')).toBe('minDifficulty');
  });

  it('keeps a reason to 200 characters, as the API does', () => {
    expect(validateCoinForm(edited({ reason: 'r'.repeat(201) }), coin).reason).toBe('errors.reasonTooLong');
    expect(validateCoinForm(edited({ reason: '理'.repeat(200) }), coin).reason).toBeUndefined();
  });
});

describe('coin change: only what differs is sent', () => {
  it('sends the reason alone when nothing changed, amounts compared as numbers', () => {
    const body = changeOf(edited({ minWithdraw: '0.00100', stratumPorts: '3333,3334' }), coin);
    expect(body).toEqual({ reason: 'fee review' });
    expect(changesTerms(body)).toBe(false);
  });

  it('sends each changed setting in the API`s form', () => {
    const body = changeOf(
      edited({
        open: false,
        closedMsg: { zh_CN: '维护中', zh_HK: '', en_US: 'Maintenance', ko_KR: '' },
        feeBps: '300',
        withdrawFee: '0.00010',
        soloPorts: '',
        payoutConfirmations: '10',
      }),
      coin,
    );
    expect(body).toEqual({
      reason: 'fee review',
      open: false,
      closedMsg: { zh_CN: '维护中', en_US: 'Maintenance' },
      feeBps: 300,
      withdrawFee: '0.0001',
      soloPorts: [],
      payoutConfirmations: 10,
    });
    expect(changesTerms(body)).toBe(true);
  });

  it('compares the fee with a pending change: setting it again sends nothing, going back to today`s fee does', () => {
    const pending = { ...coin, pending: { feeBps: 300, ppsTxFees: false, from: '2026-12-01' } };
    expect(changeOf({ ...formOf(pending), reason: 'r' }, pending)).toEqual({ reason: 'r' });
    expect(changeOf({ ...formOf(pending), feeBps: '250', reason: 'r' }, pending)).toEqual({ reason: 'r', feeBps: 250 });
  });
});

describe('coin change: helpers', () => {
  it('reads ports and amounts', () => {
    expect(parsePorts('3333, 3334 ,3335，3336')).toEqual([3333, 3334, 3335, 3336]);
    expect(parsePorts('')).toEqual([]);
    expect(parsePorts('33a')).toBeNull();
    expect(normAmount(' 007.5000 ')).toBe('7.5');
    expect(normAmount('0.000')).toBe('0');
    expect(compareAmounts('0.1', '0.09999999999999999999')).toBe(1);
    expect(compareAmounts('1', '1.0')).toBe(0);
    expect(compareAmounts('abc', '1')).not.toBe(0);
  });

  it('puts the API`s refusal beside the field it names', () => {
    expect(fieldOfRefusal('coin.update.portInUse', 'ports')).toBe('stratumPorts');
    expect(fieldOfRefusal('coin.update.noSolo', 'soloPorts')).toBe('soloPorts');
    expect(fieldOfRefusal('account.admin.reasonUnsafe', '')).toBe('reason');
    expect(fieldOfRefusal('coin.update.invalid', '')).toBe('form');
    expect(fieldOfRefusal('coin.update.unchanged', '')).toBe('form');
  });

  it('shows the page to the coins right only', () => {
    expect(canEditCoins({ permissions: ['read', 'coins'] })).toBe(true);
    expect(canEditCoins({ permissions: ['read', 'content', 'users'] })).toBe(false);
    expect(canEditCoins(undefined)).toBe(false);
  });
});
