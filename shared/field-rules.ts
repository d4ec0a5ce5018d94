/**
 * The field rules of spec section 5 without zod: limits, patterns, the exact messages and the input
 * filters. Client forms import this module so that their chunks do not carry zod; ./rules.ts re-exports
 * it beside the zod schemas the contract uses.
 */
export const RuleMessage = {
  format: 'Format is incorrect',
  email: 'Email format is incorrect',
  date: 'Date format is incorrect',
  required: 'This is required',
  passwordMismatch: 'Password is not match',
  alphanumeric: (min: number, max: number) => `Please enter ${min}-${max} alphanumeric without special character`,
  inconsistent: 'Two password entries are inconsistent!',
} as const;

export const USERNAME_MIN = 6;
export const USERNAME_MAX = 13;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const WALLET_NAME_MIN = 2;
export const WALLET_NAME_MAX = 32;
export const WALLET_ACCOUNT_MAX_OTHER = 32;
export const NICKNAME_MAX = 20;
export const MINIMUM_AGE = 21;
/** The smallest withdrawal, in pesos (spec section 4). */
export const WITHDRAW_MIN = 100;

export const PATTERNS = {
  /** Registration phone: 10 digits like 9xxxxxxxxx (the +63 prefix is shown, not typed). */
  registrationPhone: /^9\d{9}$/,
  /** Other mobile fields: 10-11 digits. */
  mobile: /^\d{10,11}$/,
  username: /^[A-Za-z0-9]{6,13}$/,
  /** What the player types as a password: 6-12 digits or letters. */
  typedPassword: /^[A-Za-z0-9]{6,12}$/,
  /** What travels: md5 hex of the typed password (js-md5). */
  md5Hex: /^[a-f0-9]{32}$/,
  /** gcash / maya account: 10 digits starting with 9. */
  ewalletAccount: /^9\d{9}$/,
  /** Payee name: letters and spaces. */
  lettersAndSpaces: /^[\p{L} ]+$/u,
  /** Month/Date/Year. */
  date: /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  smsCode: /^\d{6}$/,
  invitationCode: /^[A-Za-z0-9]{4,16}$/,
} as const;

export const E_WALLETS = ['gcash', 'maya'] as const;
export type EWallet = (typeof E_WALLETS)[number];
export const isEWallet = (bank: string): bank is EWallet => (E_WALLETS as readonly string[]).includes(bank);

/** "MM/DD/YYYY" that names a day that exists. */
export function isRealDate(text: string): boolean {
  const match = PATTERNS.date.exec(text);
  if (!match) return false;
  const [month, day, year] = text.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Age in whole years on `today` for a "MM/DD/YYYY" birth date. */
export function ageOn(birthDate: string, today: Date): number {
  const [month, day, year] = birthDate.split('/').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The wallet account rule of spec section 5: gcash/maya 10 digits starting with 9, other banks 1 to 32. */
export function walletAccountValid(bank: string, account: string): boolean {
  if (isEWallet(bank)) return PATTERNS.ewalletAccount.test(account);
  return account.length > 0 && account.length <= WALLET_ACCOUNT_MAX_OTHER;
}

/** The input filters of spec section 5: each turns what was typed into what the field keeps. */
export const InputFilter = {
  digits: (text: string) => text.replace(/\D/g, ''),
  noChinese: (text: string) => text.replace(/[\u4e00-\u9fff\u3400-\u4dbf]/g, ''),
  /** Amount with at most two decimals: "12.345" -> "12.34", "1.2.3" -> "1.23". */
  amount: (text: string) => {
    const cleaned = text.replace(/[^\d.]/g, '');
    const [whole = '', ...rest] = cleaned.split('.');
    return rest.length ? `${whole}.${rest.join('').slice(0, 2)}` : whole;
  },
  lettersAndDigits: (text: string) => text.replace(/[^A-Za-z0-9]/g, ''),
  lettersAndSpaces: (text: string) => text.replace(/[^\p{L} ]/gu, ''),
  vietnamese: (text: string) => text.replace(/[^A-Za-z0-9 ÀÁÂÃÈÉÊÌÍÒÓÔÕÙÚĂĐĨŨƠàáâãèéêìíòóôõùúăđĩũơƯĂẠ-ỹư]/g, ''),
} as const;

/** The bind-wallet name input: letters and spaces only, at most 32, trimmed. */
export const filterWalletName = (text: string) => InputFilter.lettersAndSpaces(text).slice(0, WALLET_NAME_MAX).trim();
/** The bind-wallet account input: digits only, 10 for gcash/maya, else 32. */
export const filterWalletAccount = (bank: string, text: string) =>
  InputFilter.digits(text).slice(0, isEWallet(bank) ? 10 : WALLET_ACCOUNT_MAX_OTHER);
