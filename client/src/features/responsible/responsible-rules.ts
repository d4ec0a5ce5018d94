import type { AMOUNT_CEILING as CONTRACT_AMOUNT_CEILING } from '../../../../shared/contract/fields';
import type {
  BreakKind,
  BreakLength,
  BREAK_LENGTHS as CONTRACT_BREAK_LENGTHS,
  LIMIT_RAISE_DELAY_HOURS as CONTRACT_RAISE_DELAY,
  ResponsibleState,
} from '../../../../shared/contract/responsible';
import { InputFilter } from '../../../../shared/field-rules';

/*
 * The contract's constants, mirrored: shared/contract/responsible.ts imports zod (24 KB gzip) that no
 * client chunk loads, so the values are written here and typed by the contract's own `typeof`: a change
 * there fails the type check here (and responsible-rules.test.ts compares the values).
 */

/** Hours of each break the player may choose, by kind; null: a permanent self-exclusion. */
export const BREAK_LENGTHS: typeof CONTRACT_BREAK_LENGTHS = {
  cooloff: { '24h': 24, '7d': 7 * 24, '30d': 30 * 24, '6w': 42 * 24 },
  exclusion: { '6m': 183 * 24, '1y': 365 * 24, '5y': 5 * 365 * 24, permanent: null },
} as const;

/** Hours a raised or removed deposit limit waits before it applies. */
export const LIMIT_RAISE_DELAY_HOURS: typeof CONTRACT_RAISE_DELAY = 24;

/** The largest amount a request may carry (pesos). */
export const LIMIT_CEILING: typeof CONTRACT_AMOUNT_CEILING = 100_000_000;

const HOUR_MS = 3_600_000;

export type DepositLimit = ResponsibleState['depositLimits'][number];
export type PlayBreak = NonNullable<ResponsibleState['playBreak']>;

export interface BreakChoice {
  kind: BreakKind;
  length: BreakLength;
  /** null: permanent. */
  hours: number | null;
}

/** Every break the player may choose, shortest first within each kind. */
export const BREAK_CHOICES: readonly BreakChoice[] = (Object.keys(BREAK_LENGTHS) as BreakKind[]).flatMap((kind) =>
  Object.entries(BREAK_LENGTHS[kind]).map(([length, hours]) => ({
    kind,
    length: length as BreakLength,
    hours: hours as number | null,
  })),
);

/** When a break of `hours` taken at `now` ends (ISO); null: never (permanent). */
export const breakEnd = (hours: number | null, now: Date = new Date()): string | null =>
  hours === null ? null : new Date(now.getTime() + hours * HOUR_MS).toISOString();

/**
 * Whether a choice may be taken: with no break running, any; while one runs, only a longer one (or a
 * permanent one). A break cannot be shortened: the server refuses one that would end sooner with
 * BREAK_RUNNING. The screen asks a little more: a length above the running break's own, so that taking
 * the same 24 hours again a minute later is not offered as "longer".
 */
export function breakAllowed(choice: BreakChoice, running: PlayBreak | null, now: Date = new Date()): boolean {
  if (!running) return true;
  if (running.until === null) return false;
  if (choice.hours === null) return true;
  const until = Date.parse(running.until);
  const length = until - Date.parse(running.since);
  return choice.hours * HOUR_MS > length && now.getTime() + choice.hours * HOUR_MS > until;
}

/**
 * When a new limit applies: `now` for a first limit or a lower one (also: removing a limit there is
 * none of), `later` for a raise or a removal, which wait LIMIT_RAISE_DELAY_HOURS.
 */
export function limitTiming(current: number | null, next: number | null): 'now' | 'later' {
  if (next !== null && (current === null || next <= current)) return 'now';
  return current === null ? 'now' : 'later';
}

/** When a change asked at `now` that waits would apply (ISO). */
export const raiseEffectiveAt = (now: Date = new Date()): string =>
  new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS).toISOString();

/** The amount field keeps digits and at most two decimals; no leading zeros. */
export const filterLimitAmount = (text: string): string =>
  InputFilter.amount(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 12);

/** The typed amount as pesos, or null while it is not a number. */
export function parseLimitAmount(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export type LimitProblem = 'empty' | 'zero' | 'tooHigh' | null;

/** Why a typed limit cannot be saved, or null when it can. */
export function limitProblem(text: string): LimitProblem {
  const amount = parseLimitAmount(text);
  if (text.trim() === '' || amount === null) return 'empty';
  if (amount <= 0) return 'zero';
  if (amount > LIMIT_CEILING) return 'tooHigh';
  return null;
}

/** The share of a limit used, 0 to 100 (100 when over it). */
export const usedPercent = (used: number, limit: number): number =>
  limit <= 0 ? 100 : Math.min(100, Math.max(0, (used / limit) * 100));

const MINUTE_MS = 60_000;

/** The reality-check intervals a player may choose, in minutes; 0 is off (contract: REALITY_CHECK_MINUTES). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;

/** Whole minutes from the session's start to `now` (ISO instants). */
export const playedMinutes = (startedAt: string, now: string) =>
  Math.max(0, Math.floor((Date.parse(now) - Date.parse(startedAt)) / MINUTE_MS));

/**
 * When the next reality check is due (ms since the epoch): the next whole multiple of `minutes` after the
 * session's start that is later than `now` (a reminder every N minutes of the session, never at 0).
 */
export function nextReminderAt(startedAt: string, minutes: number, now: string): number {
  const start = Date.parse(startedAt);
  const every = minutes * MINUTE_MS;
  const passed = Math.floor((Date.parse(now) - start) / every);
  return start + (Math.max(0, passed) + 1) * every;
}
