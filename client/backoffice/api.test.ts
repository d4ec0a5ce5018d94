import { describe, expect, it } from 'vitest';
import { manilaDateTimeText } from '../../shared/messages';
import { manilaText } from '../../shared/time';
import { formatClockTime, formatDate, formatDateTime } from '../src/lib/format';
import { clockTime, dayText, when } from './api';

describe('back office dates', () => {
  it('are written as the player app and the server messages write them in English: MM/DD/YYYY, Manila time', () => {
    for (const iso of ['2026-11-20T02:00:00.000Z', '2026-01-31T18:00:00Z', '2026-12-31T15:59:59.999Z']) {
      expect(when(iso)).toBe(formatDateTime(iso, 'en-US'));
      expect(when(iso)).toBe(manilaDateTimeText(iso, 'en-US'));
    }
    // the 31st of January at 18:00 UTC is already the 1st of February in Manila
    expect(when('2026-01-31T18:00:00Z')).toBe('02/01/2026, 02:00 AM');
    expect(when(null)).toBe('—');
    expect(when('not a date')).toBe('not a date');
    expect(dayText('2026-11-03')).toBe('11/03/2026');
    expect(clockTime('2026-11-20T02:00:05.000Z')).toBe('10:00:05 AM');
  });

  it('the player app writes each language one way, through the shared helper: en-US and vi-VN', () => {
    for (const iso of ['2026-11-20T02:00:00.000Z', '2026-01-31T18:00:00Z'])
      for (const language of ['en-US', 'vi-VN'] as const) {
        expect(formatDateTime(iso, language)).toBe(manilaText(iso, language));
        expect(formatDateTime(iso, language)).toBe(manilaDateTimeText(iso, language));
        expect(formatDate(iso, language)).toBe(manilaText(iso, language, 'date'));
      }
    expect(formatDateTime('2026-01-31T18:00:00Z', 'vi-VN')).toBe('02:00 01/02/2026');
    expect(formatClockTime('2026-11-20T06:05:00Z', 'en-US')).toBe('02:05 PM');
    expect(formatClockTime('2026-11-20T06:05:00Z', 'vi-VN')).toBe('14:05');
  });
});

describe('role helpers', () => {
  it('can() answers from the permissions granted at sign-in', async () => {
    const { can, grant } = await import('./api');
    grant(['money.read', 'money.cashier']);
    expect(can('money.cashier')).toBe(true);
    expect(can('money.adjust')).toBe(false);
    grant([]);
    expect(can('money.cashier')).toBe(false);
  });
});
