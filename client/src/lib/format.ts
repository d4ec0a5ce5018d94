import { formatPesos } from '../../../shared/money';
import { manilaText } from '../../../shared/time';
import { currentLanguage } from './i18n';

/** Money with two decimals and thousands commas (spec section 9): 1234.5 -> "1,234.50". */
export const formatMoney = (pesos: number | null | undefined): string =>
  typeof pesos === 'number' && Number.isFinite(pesos) ? formatPesos(pesos) : '0.00';

/** Points (and other whole counts) with thousands commas in every language, like money: 1234 -> "1,234". */
export const formatPoints = (n: number | null | undefined): string =>
  typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n).toLocaleString('en-US') : '0';

/** A reward as the spec shows it: cash "50.00P", coupon "x2", others the plain amount. */
export function formatReward(type: string, amount: number): string {
  if (type === 'cash') return `${formatPesos(amount)}P`;
  if (type === 'coupon') return `x${amount}`;
  return String(amount);
}

/** Date locales: the interface languages plus the ones spec section 9 maps (hindi, bengali, ...). */
export const DATE_LOCALES: Record<string, string> = {
  'en-US': 'en-US',
  'vi-VN': 'vi-VN',
  hindi: 'hi-IN',
  bengali: 'bn-IN',
  malayalam: 'ml-IN',
  tamil: 'ta-IN',
  telugu: 'te-IN',
};

export const dateLocale = (language: string = currentLanguage()): string => DATE_LOCALES[language] ?? 'en-US';

/** An ISO instant in the player's locale and Manila time: the one format of both apps (shared/time.ts). */
export const formatDateTime = (iso: string, language?: string, withTime = true): string =>
  manilaText(iso, dateLocale(language), withTime ? 'dateTime' : 'date');

/** The time of day of an instant, Manila time, in the player's locale: "02:05 PM" / "14:05". */
export const formatClockTime = (iso: string, language?: string): string =>
  manilaText(iso, dateLocale(language), 'time');

export const formatDate = (iso: string, language?: string): string => formatDateTime(iso, language, false);
