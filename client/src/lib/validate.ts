import {
  isRealDate,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PATTERNS,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../../shared/field-rules';
import { t } from './i18n';

/**
 * Field checks of spec section 5 built on shared/rules. Each returns the message to show (translated;
 * in English exactly the spec's texts, see locales/en-US rules.*) or null when the value is fine.
 */
export type Check = (value: string) => string | null;

const required: Check = (v) => (v.trim() ? null : t('rules.required'));

export const checks = {
  required,
  username: (v: string) =>
    required(v) ??
    (PATTERNS.username.test(v) ? null : t('rules.alphanumeric', { min: USERNAME_MIN, max: USERNAME_MAX })),
  password: (v: string) =>
    required(v) ??
    (PATTERNS.typedPassword.test(v) ? null : t('rules.alphanumeric', { min: PASSWORD_MIN, max: PASSWORD_MAX })),
  /** Confirmation of a new login password (register, reset). */
  confirm: (v: string, first: string) => required(v) ?? (v === first ? null : t('rules.inconsistent')),
  /** Confirmation of a transaction password. */
  confirmTrade: (v: string, first: string) => required(v) ?? (v === first ? null : t('rules.passwordMismatch')),
  registrationPhone: (v: string) => required(v) ?? (PATTERNS.registrationPhone.test(v) ? null : t('rules.format')),
  mobile: (v: string) => required(v) ?? (PATTERNS.mobile.test(v) ? null : t('rules.format')),
  smsCode: (v: string) => required(v) ?? (PATTERNS.smsCode.test(v) ? null : t('rules.format')),
  email: (v: string) => (v === '' || PATTERNS.email.test(v) ? null : t('rules.email')),
  date: (v: string) => (v === '' || isRealDate(v) ? null : t('rules.date')),
  invitationCode: (v: string) => (v === '' || PATTERNS.invitationCode.test(v) ? null : t('rules.format')),
} as const;

/** Runs the checks of a form; returns the errors by field and whether all passed. */
export function validate<K extends string>(
  rules: Record<K, () => string | null>,
): {
  errors: Partial<Record<K, string>>;
  ok: boolean;
} {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = rules[key]();
    if (message) errors[key] = message;
  }
  return { errors, ok: Object.keys(errors).length === 0 };
}

/** Moves focus to the first invalid field of the page (after the errors have rendered). */
export function focusFirstInvalid(): void {
  setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
