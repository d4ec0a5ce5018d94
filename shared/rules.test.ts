import { describe, expect, it } from 'vitest';
import {
  dateRule,
  emailRule,
  hashedPasswordRule,
  invitationCodeRule,
  mobileRule,
  registrationPhoneRule,
  smsCodeRule,
  typedPasswordRule,
  usernameRule,
  walletNameRule,
} from './rule-schemas';
import {
  ageOn,
  filterWalletAccount,
  filterWalletName,
  InputFilter,
  isEWallet,
  isRealDate,
  PATTERNS,
  RuleMessage,
  walletAccountValid,
} from './rules';

/** The first message a rule gives for `value`, or null when it passes. */
const firstError = (
  rule: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = rule.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? '?');
};

describe('messages of spec section 5', () => {
  it('are the exact texts', () => {
    expect(RuleMessage.format).toBe('Format is incorrect');
    expect(RuleMessage.email).toBe('Email format is incorrect');
    expect(RuleMessage.date).toBe('Date format is incorrect');
    expect(RuleMessage.required).toBe('This is required');
    expect(RuleMessage.passwordMismatch).toBe('Password is not match');
    expect(RuleMessage.alphanumeric(6, 13)).toBe('Please enter 6-13 alphanumeric without special character');
    expect(RuleMessage.inconsistent).toBe('Two password entries are inconsistent!');
  });
});

describe('patterns and rules', () => {
  it('registration phone: 10 digits starting with 9', () => {
    for (const ok of ['9123456789', '9000000000', '9999999999'])
      expect(firstError(registrationPhoneRule, ok), ok).toBeNull();
    for (const bad of [
      '8123456789',
      '912345678',
      '91234567890',
      '+639123456789',
      '09123456789',
      '912345678a',
      ' 9123456789',
    ])
      expect(firstError(registrationPhoneRule, bad), bad).toBe(RuleMessage.format);
    expect(firstError(registrationPhoneRule, '')).toBe(RuleMessage.required);
  });

  it('other mobile fields: 10-11 digits', () => {
    expect(firstError(mobileRule, '9123456789')).toBeNull();
    expect(firstError(mobileRule, '09123456789')).toBeNull();
    expect(firstError(mobileRule, '912345678')).toBe(RuleMessage.format);
    expect(firstError(mobileRule, '091234567890')).toBe(RuleMessage.format);
    expect(firstError(mobileRule, '0912-345-678')).toBe(RuleMessage.format);
  });

  it('username: 6-13 letters or digits', () => {
    const message = RuleMessage.alphanumeric(6, 13);
    for (const ok of ['abc123', 'ABCdef', '123456', 'a'.repeat(13)])
      expect(firstError(usernameRule, ok), ok).toBeNull();
    for (const bad of ['abc12', 'a'.repeat(14), 'abc_123', 'abc-123', 'abc 123', 'juañ123', 'abc123!'])
      expect(firstError(usernameRule, bad), bad).toBe(message);
    expect(firstError(usernameRule, '')).toBe(RuleMessage.required);
  });

  it('typed password: 6-12 letters or digits; sent password: md5 hex', () => {
    const message = RuleMessage.alphanumeric(6, 12);
    expect(firstError(typedPasswordRule, 'secret')).toBeNull();
    expect(firstError(typedPasswordRule, 'Secret123456')).toBeNull();
    expect(firstError(typedPasswordRule, 'short')).toBe(message);
    expect(firstError(typedPasswordRule, 'toolongpassw0')).toBe(message);
    expect(firstError(typedPasswordRule, 'pass word')).toBe(message);
    expect(firstError(hashedPasswordRule, '5ebe2294ecd0e0f08eab7690d2a6ee69')).toBeNull();
    expect(firstError(hashedPasswordRule, '5EBE2294ECD0E0F08EAB7690D2A6EE69')).toBe(RuleMessage.format);
    expect(firstError(hashedPasswordRule, '5ebe2294ecd0e0f08eab7690d2a6ee6')).toBe(RuleMessage.format);
    expect(firstError(hashedPasswordRule, 'secret')).toBe(RuleMessage.format);
    expect(firstError(hashedPasswordRule, 'g'.repeat(32))).toBe(RuleMessage.format);
  });

  it('date Month/Date/Year naming a real day', () => {
    for (const ok of ['01/01/2000', '12/31/1999', '02/29/2024']) expect(firstError(dateRule, ok), ok).toBeNull();
    for (const bad of [
      '02/30/2026',
      '02/29/2026',
      '04/31/2026',
      '13/01/2026',
      '00/10/2026',
      '1/1/2026',
      '2026-01-01',
      '01/01/26',
    ])
      expect(firstError(dateRule, bad), bad).toBe(RuleMessage.date);
  });

  it('email', () => {
    expect(firstError(emailRule, 'juan@example.com')).toBeNull();
    expect(firstError(emailRule, 'juan.dela-cruz+ph@mail.example.ph')).toBeNull();
    for (const bad of ['juan', 'juan@', '@example.com', 'juan@example', 'juan@example.c', 'ju an@example.com'])
      expect(firstError(emailRule, bad), bad).toBe(RuleMessage.email);
  });

  it('SMS code: 6 digits; invitation code: 4-16 letters or digits', () => {
    expect(firstError(smsCodeRule, '012345')).toBeNull();
    expect(firstError(smsCodeRule, '12345')).toBe(RuleMessage.format);
    expect(firstError(smsCodeRule, '1234567')).toBe(RuleMessage.format);
    expect(firstError(smsCodeRule, '12345a')).toBe(RuleMessage.format);
    expect(firstError(invitationCodeRule, 'AB12')).toBeNull();
    expect(firstError(invitationCodeRule, 'ABC')).toBe(RuleMessage.format);
    expect(firstError(invitationCodeRule, 'A'.repeat(17))).toBe(RuleMessage.format);
    expect(firstError(invitationCodeRule, 'AB-12')).toBe(RuleMessage.format);
  });

  it('wallets: gcash/maya accounts are 10 digits from 9; names 2-32 letters and spaces', () => {
    expect(isEWallet('gcash')).toBe(true);
    expect(isEWallet('maya')).toBe(true);
    expect(isEWallet('bdo')).toBe(false);
    expect(walletAccountValid('gcash', '9123456789')).toBe(true);
    expect(walletAccountValid('maya', '8123456789')).toBe(false);
    expect(walletAccountValid('gcash', '912345678')).toBe(false);
    expect(walletAccountValid('bdo', '1')).toBe(true);
    expect(walletAccountValid('bdo', '')).toBe(false);
    expect(walletAccountValid('bdo', '1'.repeat(33))).toBe(false);
    expect(PATTERNS.ewalletAccount.test('9123456789')).toBe(true);
    expect(walletNameRule.parse('  Juan Dela Cruz  ')).toBe('Juan Dela Cruz');
    expect(firstError(walletNameRule, 'J')).toBe(RuleMessage.format);
    expect(firstError(walletNameRule, 'Juan 2')).toBe(RuleMessage.format);
    expect(firstError(walletNameRule, 'J'.repeat(33))).toBe(RuleMessage.format);
    expect(firstError(walletNameRule, 'Ñiño Peña')).toBeNull();
  });
});

describe('InputFilter', () => {
  it('digits keeps digits only', () => {
    expect(InputFilter.digits('+63 912-345 6789')).toBe('639123456789');
    expect(InputFilter.digits('abc')).toBe('');
  });

  it('noChinese strips CJK ideographs', () => {
    expect(InputFilter.noChinese('abc中文123㐀')).toBe('abc123');
  });

  it('amount keeps at most two decimals and one point', () => {
    expect(InputFilter.amount('12.345')).toBe('12.34');
    expect(InputFilter.amount('1.2.3')).toBe('1.23');
    expect(InputFilter.amount('₱1,000.5')).toBe('1000.5');
    expect(InputFilter.amount('-50')).toBe('50');
    expect(InputFilter.amount('100')).toBe('100');
    expect(InputFilter.amount('100.')).toBe('100.');
    expect(InputFilter.amount('')).toBe('');
  });

  it('lettersAndDigits, lettersAndSpaces and vietnamese', () => {
    expect(InputFilter.lettersAndDigits('ab_c-1 2!')).toBe('abc12');
    expect(InputFilter.lettersAndSpaces('Juan 2 Dela-Cruz!')).toBe('Juan  DelaCruz');
    expect(InputFilter.lettersAndSpaces('Ñiño')).toBe('Ñiño');
    expect(InputFilter.vietnamese('Nguyễn Văn A 1!@')).toBe('Nguyễn Văn A 1');
  });

  it('the bind-wallet filters trim, strip and cut', () => {
    expect(filterWalletName('  Juan 3 Cruz  ')).toBe('Juan  Cruz');
    expect(filterWalletName('A'.repeat(40))).toHaveLength(32);
    expect(filterWalletAccount('gcash', '+63 912 345 67890')).toBe('6391234567');
    expect(filterWalletAccount('bdo', '1'.repeat(40))).toHaveLength(32);
  });
});

describe('isRealDate and ageOn', () => {
  it('isRealDate knows month lengths and leap years', () => {
    expect(isRealDate('02/30/2026')).toBe(false);
    expect(isRealDate('02/29/2026')).toBe(false);
    expect(isRealDate('02/29/2028')).toBe(true);
    expect(isRealDate('02/29/2000')).toBe(true);
    expect(isRealDate('02/29/1900')).toBe(false);
    expect(isRealDate('04/31/2026')).toBe(false);
    expect(isRealDate('12/31/2026')).toBe(true);
    expect(isRealDate('2026-12-31')).toBe(false);
    expect(isRealDate('')).toBe(false);
  });

  it('ageOn counts whole years, the birthday itself included', () => {
    const today = new Date('2026-11-20T02:00:00.000Z');
    expect(ageOn('11/20/2005', today)).toBe(21);
    expect(ageOn('11/21/2005', today)).toBe(20);
    expect(ageOn('10/31/2005', today)).toBe(21);
    expect(ageOn('12/01/2005', today)).toBe(20);
    expect(ageOn('01/01/2026', today)).toBe(0);
    expect(ageOn('02/29/2004', new Date('2025-02-28T12:00:00Z'))).toBe(20);
    expect(ageOn('02/29/2004', new Date('2025-03-01T12:00:00Z'))).toBe(21);
  });
});
