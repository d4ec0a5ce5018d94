import { describe, expect, it } from 'vitest';
import { AMOUNT_CEILING } from '../../../../shared/contract/fields';
import * as contract from '../../../../shared/contract/responsible';
import {
  BREAK_CHOICES,
  BREAK_LENGTHS,
  breakAllowed,
  breakEnd,
  filterLimitAmount,
  LIMIT_CEILING,
  LIMIT_RAISE_DELAY_HOURS,
  limitProblem,
  limitTiming,
  parseLimitAmount,
  REALITY_CHECK_MINUTES,
  raiseEffectiveAt,
  usedPercent,
} from './responsible-rules';

const NOW = new Date('2026-11-26T06:00:00.000Z');

describe('responsible gaming rules', () => {
  it('mirrors the contract constants (the client does not load zod)', () => {
    expect(BREAK_LENGTHS).toEqual(contract.BREAK_LENGTHS);
    expect(LIMIT_RAISE_DELAY_HOURS).toBe(contract.LIMIT_RAISE_DELAY_HOURS);
    expect(REALITY_CHECK_MINUTES).toEqual(contract.REALITY_CHECK_MINUTES);
    expect(LIMIT_CEILING).toBe(AMOUNT_CEILING);
    expect(BREAK_CHOICES.map((c) => `${c.kind}:${c.length}`)).toEqual([
      'cooloff:24h',
      'cooloff:7d',
      'cooloff:30d',
      'cooloff:6w',
      'exclusion:6m',
      'exclusion:1y',
      'exclusion:5y',
      'exclusion:permanent',
    ]);
    for (const c of BREAK_CHOICES) expect(contract.breakLengthSchema.safeParse(c.length).success).toBe(true);
  });

  it('a break ends its hours after now, a permanent one never', () => {
    expect(breakEnd(24, NOW)).toBe('2026-11-27T06:00:00.000Z');
    expect(breakEnd(null, NOW)).toBeNull();
    expect(raiseEffectiveAt(NOW)).toBe('2026-11-27T06:00:00.000Z');
  });

  it('while a break runs only a longer one may be chosen; nothing after a permanent one', () => {
    const choice = (length: string) => BREAK_CHOICES.find((c) => c.length === length)!;
    for (const c of BREAK_CHOICES) expect(breakAllowed(c, null, NOW)).toBe(true);
    // a 7-day cool-off taken a day ago: 6 days left
    const running = { kind: 'cooloff' as const, since: '2026-11-25T06:00:00.000Z', until: '2026-12-02T06:00:00.000Z' };
    expect(breakAllowed(choice('24h'), running, NOW)).toBe(false);
    // the same length again ends a day later, but is not a longer break
    expect(breakAllowed(choice('7d'), running, NOW)).toBe(false);
    expect(breakAllowed(choice('30d'), running, NOW)).toBe(true);
    expect(breakAllowed(choice('permanent'), running, NOW)).toBe(true);
    // a longer length that would still end sooner (a break set by support, say) is not offered
    const long = { ...running, since: '2026-11-20T06:00:00.000Z', until: '2027-01-01T06:00:00.000Z' };
    expect(breakAllowed(choice('30d'), long, NOW)).toBe(false);
    expect(breakAllowed(choice('6m'), long, NOW)).toBe(true);
    const forever = { kind: 'exclusion' as const, since: '2026-11-25T06:00:00.000Z', until: null };
    for (const c of BREAK_CHOICES) expect(breakAllowed(c, forever, NOW)).toBe(false);
  });

  it('a first or lower limit applies now; a raise or a removal later', () => {
    expect(limitTiming(null, 600)).toBe('now');
    expect(limitTiming(600, 500)).toBe('now');
    expect(limitTiming(600, 600)).toBe('now');
    expect(limitTiming(600, 5000)).toBe('later');
    expect(limitTiming(600, null)).toBe('later');
    expect(limitTiming(null, null)).toBe('now');
  });

  it('reads the amount field as pesos with two decimals', () => {
    expect(filterLimitAmount('₱ 0600.555')).toBe('600.55');
    expect(filterLimitAmount('1,000')).toBe('1000');
    expect(parseLimitAmount('600.5')).toBe(600.5);
    expect(parseLimitAmount('600.')).toBeNull();
    expect(limitProblem('')).toBe('empty');
    expect(limitProblem('0')).toBe('zero');
    expect(limitProblem('100000000.01')).toBe('tooHigh');
    expect(limitProblem('600')).toBeNull();
  });

  it('says how much of a limit is used, at most all of it', () => {
    expect(usedPercent(150, 600)).toBe(25);
    expect(usedPercent(900, 600)).toBe(100);
    expect(usedPercent(0, 0)).toBe(100);
  });
});
