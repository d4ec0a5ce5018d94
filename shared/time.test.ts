import { describe, expect, it } from 'vitest';
import { manilaDateTimeText } from './messages';
import { manilaDayText, manilaText } from './time';

describe('one date format per language (player app, back office, server messages)', () => {
  it('writes en-US and vi-VN each one way, Manila time', () => {
    // 18:00 UTC on the 31st of January is already the 1st of February in Manila
    const iso = '2026-01-31T18:00:00Z';
    expect(manilaText(iso, 'en-US')).toBe('02/01/2026, 02:00 AM');
    expect(manilaText(iso, 'vi-VN')).toBe('02:00 01/02/2026');
    expect(manilaText(iso, 'en-US', 'date')).toBe('02/01/2026');
    expect(manilaText(iso, 'vi-VN', 'date')).toBe('01/02/2026');
    expect(manilaText('2026-11-20T06:05:09Z', 'en-US', 'time')).toBe('02:05 PM');
    expect(manilaText('2026-11-20T06:05:09Z', 'vi-VN', 'time')).toBe('14:05');
    expect(manilaText('2026-11-20T06:05:09Z', 'en-US', 'timeSeconds')).toBe('02:05:09 PM');
    expect(manilaDayText('2026-11-03', 'en-US')).toBe('11/03/2026');
    expect(manilaDayText('2026-11-03', 'vi-VN')).toBe('03/11/2026');
    expect(manilaText('not a date', 'en-US')).toBe('not a date');
  });

  it('writes en-US and vi-VN by hand exactly as Intl does (no Intl set-up on a page that shows a date)', () => {
    const parts = ['dateTime', 'date', 'time', 'timeSeconds'] as const;
    const options = {
      dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
      date: { year: 'numeric', month: '2-digit', day: '2-digit' },
      time: { hour: '2-digit', minute: '2-digit' },
      timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
    } as const;
    // every half hour of two days around a Manila midnight and noon, then instants spread over 1970-2100
    const instants = Array.from({ length: 96 }, (_, i) => Date.UTC(2026, 10, 26, 0, 30 * i, 7));
    for (let i = 0; i < 400; i++) instants.push(Math.floor((i * 4_102_444_800_000) / 400) + i * 997);
    for (const language of ['en-US', 'vi-VN'])
      for (const part of parts) {
        const intl = new Intl.DateTimeFormat(language, { timeZone: 'Asia/Manila', ...options[part] });
        for (const ms of instants) {
          const iso = new Date(ms).toISOString();
          expect(manilaText(iso, language, part), `${language} ${part} ${iso}`).toBe(intl.format(new Date(ms)));
        }
      }
  });

  it('is the same text in the server messages (the player app: client/backoffice/api.test.ts)', () => {
    for (const iso of ['2026-11-20T02:00:00.000Z', '2026-12-31T15:59:59.999Z'])
      for (const language of ['en-US', 'vi-VN'] as const)
        expect(manilaDateTimeText(iso, language)).toBe(manilaText(iso, language));
  });
});
