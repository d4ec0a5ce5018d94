import { describe, expect, it } from 'vitest';
import { filterWalletAccount, filterWalletName } from '../../../../../shared/rules';
import { bindWalletValid, filterAccountInput } from './bind-wallet-popup';

describe('bind wallet rules (spec section 5)', () => {
  const form = { bank: 'gcash', account: '9123456789', name: 'Juan Dela Cruz', password: 'abc123' };

  it('accepts a gcash/maya account of 10 digits starting with 9 and a name of 2+ letters', () => {
    expect(bindWalletValid(form)).toBe(true);
    expect(bindWalletValid({ ...form, bank: 'maya' })).toBe(true);
  });

  it('keeps submit disabled until every rule passes', () => {
    expect(bindWalletValid({ ...form, account: '8123456789' })).toBe(false);
    expect(bindWalletValid({ ...form, account: '912345678' })).toBe(false);
    expect(bindWalletValid({ ...form, name: ' J ' })).toBe(false);
    expect(bindWalletValid({ ...form, password: '' })).toBe(false);
  });

  it('filters what is typed: digits only up to 10, letters and spaces up to 32, trimmed', () => {
    expect(filterWalletAccount('gcash', '912-345-6789 0')).toBe('9123456789');
    expect(filterAccountInput('gcash', '+63 912 345 6789')).toBe('9123456789');
    expect(filterAccountInput('maya', '0912 345 6789')).toBe('9123456789');
    expect(filterAccountInput('other', '0912 345 6789')).toBe('09123456789');
    expect(filterWalletName('  Juan 3 Dela-Cruz  ')).toBe('Juan  DelaCruz');
    expect(filterWalletName('x'.repeat(40))).toHaveLength(32);
  });
});
