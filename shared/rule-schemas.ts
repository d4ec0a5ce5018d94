import { z } from 'zod';
import {
  isRealDate,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PATTERNS,
  RuleMessage,
  USERNAME_MAX,
  USERNAME_MIN,
  WALLET_NAME_MAX,
  WALLET_NAME_MIN,
} from './rules';

/** The zod schemas of the field rules (shared/rules.ts), for the contract's request schemas. */
const required = (schema: z.ZodString) => schema.min(1, RuleMessage.required);

export const usernameRule = required(z.string()).regex(
  PATTERNS.username,
  RuleMessage.alphanumeric(USERNAME_MIN, USERNAME_MAX),
);
export const registrationPhoneRule = required(z.string()).regex(PATTERNS.registrationPhone, RuleMessage.format);
export const mobileRule = required(z.string()).regex(PATTERNS.mobile, RuleMessage.format);
/** A password as sent: md5 hex. */
export const hashedPasswordRule = required(z.string()).regex(PATTERNS.md5Hex, RuleMessage.format);
export const typedPasswordRule = required(z.string()).regex(
  PATTERNS.typedPassword,
  RuleMessage.alphanumeric(PASSWORD_MIN, PASSWORD_MAX),
);
export const smsCodeRule = required(z.string()).regex(PATTERNS.smsCode, RuleMessage.format);
export const emailRule = z.string().max(254).regex(PATTERNS.email, RuleMessage.email);
export const dateRule = z.string().regex(PATTERNS.date, RuleMessage.date).refine(isRealDate, RuleMessage.date);
export const invitationCodeRule = z.string().regex(PATTERNS.invitationCode, RuleMessage.format);

/** Wallet binding name (spec section 5); the popup filters with the same rules (filterWalletName). */
export const walletNameRule = z
  .string()
  .trim()
  .min(WALLET_NAME_MIN, RuleMessage.format)
  .max(WALLET_NAME_MAX, RuleMessage.format)
  .regex(PATTERNS.lettersAndSpaces, RuleMessage.format);
