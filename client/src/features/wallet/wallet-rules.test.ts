import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { filterBirthDate, filterIdNumber, kycErrors } from './components/kyc-panel';
import { withdrawAmountProblem } from './components/withdraw-form';
import { couponApplies, depositAmountProblem, depositBounds, filterAmount, parseAmount } from './deposit-rules';
import { parseBalanceChanged, parseSettled, useDepositStore } from './store';

describe('deposit rules', () => {
  const channel = { min: 100, max: 50_000 };

  it('raises the minimum to 500 for a first deposit only', () => {
    expect(depositBounds(channel, { firstDeposit: true, firstDepositMin: 500 })).toEqual({
      min: 500,
      max: 50_000,
      firstDepositApplies: true,
    });
    expect(depositBounds(channel, { firstDeposit: false, firstDepositMin: 500 })).toMatchObject({ min: 100 });
    // a channel whose own minimum is higher keeps it, and the first-deposit message does not apply
    expect(depositBounds({ min: 800, max: 900 }, { firstDeposit: true, firstDepositMin: 500 })).toEqual({
      min: 800,
      max: 900,
      firstDepositApplies: false,
    });
  });

  it('says why an amount cannot be deposited', () => {
    const first = depositBounds(channel, { firstDeposit: true, firstDepositMin: 500 });
    expect(depositAmountProblem(null, first)).toBe('empty');
    expect(depositAmountProblem(499.99, first)).toBe('belowFirst');
    expect(depositAmountProblem(500, first)).toBeNull();
    expect(depositAmountProblem(50_000.01, first)).toBe('above');
    expect(depositAmountProblem(99, depositBounds(channel, null))).toBe('below');
  });

  it('filters the amount to digits and two decimals and parses only finished numbers', () => {
    expect(filterAmount('1,234.567')).toBe('1234.56');
    expect(filterAmount('00500')).toBe('500');
    expect(filterAmount('0.5')).toBe('0.5');
    expect(filterAmount('12a.3.4')).toBe('12.34');
    expect(parseAmount('500.5')).toBe(500.5);
    expect(parseAmount('500.')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('offers a coupon only from its minimum deposit', () => {
    expect(couponApplies({ minDeposit: 500 }, 499)).toBe(false);
    expect(couponApplies({ minDeposit: 500 }, 500)).toBe(true);
    expect(couponApplies({ minDeposit: 500 }, null)).toBe(false);
  });
});

describe('withdrawal amount', () => {
  it('is at least 100, within what may be withdrawn and what today leaves', () => {
    expect(withdrawAmountProblem(null, 1000, 20_000)).toBe('empty');
    expect(withdrawAmountProblem(99.99, 1000, 20_000)).toBe('below');
    expect(withdrawAmountProblem(100, 1000, 20_000)).toBeNull();
    expect(withdrawAmountProblem(1000.01, 1000, 20_000)).toBe('aboveBalance');
    expect(withdrawAmountProblem(600, 1000, 500)).toBe('aboveLimit');
    expect(withdrawAmountProblem(600, 1000, null)).toBeNull();
  });
});

describe('identity form', () => {
  beforeAll(() => initI18n('en-US'));

  it('types the date as Month/Date/Year and the ID number upper-cased', () => {
    expect(filterBirthDate('0115')).toBe('01/15');
    expect(filterBirthDate('01151990123')).toBe('01/15/1990');
    expect(filterBirthDate('1/')).toBe('1');
    expect(filterIdNumber('p1234567a!')).toBe('P1234567A');
  });

  it('refuses a bad date, the under-21 and an ID number of the wrong shape', () => {
    const today = new Date('2026-11-20T00:00:00+08:00');
    const ok = {
      realName: 'Juan Dela Cruz',
      birthDate: '01/15/1990',
      idType: 'philsys' as const,
      idNumber: '1234 5678 9012',
    };
    expect(kycErrors(ok, today).ok).toBe(true);
    expect(kycErrors({ ...ok, birthDate: '02/30/1990' }, today).errors.birthDate).toBe('Date format is incorrect');
    expect(kycErrors({ ...ok, birthDate: '11/21/2005' }, today).errors.birthDate).toBe('You must be 21 or older');
    expect(kycErrors({ ...ok, birthDate: '11/20/2005' }, today).ok).toBe(true);
    expect(kycErrors({ ...ok, idType: 'sss', idNumber: '123' }, today).errors.idNumber).toBe('Format is incorrect');
    expect(kycErrors({ ...ok, realName: 'J' }, today).errors.realName).toBe('Format is incorrect');
  });
});

describe('socket money events', () => {
  it('reads deposit.settled and balance.changed contents and ignores anything else', () => {
    expect(parseSettled({ orderNo: 'D1', status: 1 })).toEqual({ orderNo: 'D1', status: 1 });
    expect(parseSettled({ orderNo: 1, status: 1 })).toBeNull();
    expect(parseSettled('D1')).toBeNull();
    expect(parseBalanceChanged({ balance: 1234.5 })).toBe(1234.5);
    expect(parseBalanceChanged({ balance: '1' })).toBeNull();
    expect(parseBalanceChanged(null)).toBeNull();
  });

  it('records settled orders and moves the records version on every change', () => {
    const store = useDepositStore.getState();
    store.clear();
    const before = useDepositStore.getState().recordsVersion;
    store.markSettled({ orderNo: 'D9', status: 1 });
    store.recordsChanged();
    expect(useDepositStore.getState().settled).toEqual({ D9: 1 });
    expect(useDepositStore.getState().recordsVersion).toBe(before + 2);
  });
});
