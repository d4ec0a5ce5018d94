/** Business days roll over at midnight Asia/Manila (UTC+8 all year, no daylight saving). */
export const MANILA_OFFSET_MS = 8 * 3_600_000;

/** The Manila calendar day of an instant, as YYYY-MM-DD. */
export const manilaDay = (instant: Date): string =>
  new Date(instant.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant at which the Manila day of `instant` began. */
export const startOfManilaDay = (instant: Date): Date => new Date(`${manilaDay(instant)}T00:00:00+08:00`);

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;

/** "1d", "3h", "15m", "30s", "1d12h" to milliseconds; undefined when it is not such a duration. */
export function parseDuration(text: string): number | undefined {
  if (!/^(\d+[dhms])+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([dhms])/g)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return Number.isSafeInteger(total) ? total : undefined;
}

/** Inclusive Manila days (YYYY-MM-DD) to a half-open range of ISO instants [from, to). */
export function manilaDayRange(fromDay?: string, toDay?: string): { from?: string; to?: string } {
  const from = fromDay ? new Date(`${fromDay}T00:00:00+08:00`).toISOString() : undefined;
  const to = toDay ? new Date(new Date(`${toDay}T00:00:00+08:00`).getTime() + 86_400_000).toISOString() : undefined;
  return { from, to };
}

/** What of an instant is written: date and time, the date, the time, the time to the second. */
export type ManilaTextPart = 'dateTime' | 'date' | 'time' | 'timeSeconds';

const MANILA_PARTS: Record<ManilaTextPart, Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};
const manilaFormats = new Map<string, Intl.DateTimeFormat>();
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The two interface languages' formats, written out from the Manila wall clock (UTC+8, no daylight
 * saving): the same text as Intl gives (time.test.ts compares them over many instants), without Intl. A
 * page's first Intl.DateTimeFormat sets up ICU's calendar, time zone and pattern data on the main thread,
 * 20 to 90 ms on a phone-class CPU: the deposit screen's coupon dates and the lobby's notices paid it
 * during the first load. Other locales (and years before 1991 or after 9999) still go through Intl.
 */
function writtenOut(date: Date, locale: string, part: ManilaTextPart): string | undefined {
  if (locale !== 'en-US' && locale !== 'vi-VN') return undefined;
  const wall = new Date(date.getTime() + MANILA_OFFSET_MS);
  const year = wall.getUTCFullYear();
  if (year < 1991 || year > 9999) return undefined; // Manila kept summer time in 1978 and 1990
  const [month, day, hours] = [two(wall.getUTCMonth() + 1), two(wall.getUTCDate()), wall.getUTCHours()];
  const [minutes, seconds] = [two(wall.getUTCMinutes()), two(wall.getUTCSeconds())];
  if (locale === 'en-US') {
    const dayText = `${month}/${day}/${year}`;
    const clock = `${two(hours % 12 || 12)}:${minutes}`;
    const half = hours < 12 ? 'AM' : 'PM';
    if (part === 'date') return dayText;
    if (part === 'time') return `${clock} ${half}`;
    if (part === 'timeSeconds') return `${clock}:${seconds} ${half}`;
    return `${dayText}, ${clock} ${half}`;
  }
  const dayText = `${day}/${month}/${year}`;
  const clock = `${two(hours)}:${minutes}`;
  if (part === 'date') return dayText;
  if (part === 'time') return clock;
  if (part === 'timeSeconds') return `${clock}:${seconds}`;
  return `${clock} ${dayText}`;
}

/**
 * An instant as people in Manila read it, one format per language for the player app, the back office and
 * the server's messages alike (issue 29): en-US "11/27/2026, 02:00 PM", vi-VN "14:00 27/11/2026"; the date
 * alone "11/27/2026" / "27/11/2026". Gives the text back when it is no instant (Intl throws on one).
 */
export function manilaText(iso: string, locale: string, part: ManilaTextPart = 'dateTime'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const written = writtenOut(date, locale, part);
  if (written !== undefined) return written;
  const key = `${locale}|${part}`;
  let format = manilaFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Manila', ...MANILA_PARTS[part] });
    manilaFormats.set(key, format);
  }
  return format.format(date);
}

/** A Manila business day (YYYY-MM-DD) in the same format: "11/20/2026" / "20/11/2026". */
export const manilaDayText = (day: string, locale: string): string =>
  manilaText(`${day}T00:00:00+08:00`, locale, 'date');
