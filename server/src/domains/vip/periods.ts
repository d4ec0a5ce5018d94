import { manilaDay } from '../../../../shared/time';

/** Manila calendar periods the VIP and friends rewards roll over on (UTC+8, no daylight saving). */

const DAY_MS = 86_400_000;

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** YYYY-MM of the Manila month of an instant. */
export const manilaMonth = (instant: Date) => manilaDay(instant).slice(0, 7);

/** The instant the next Manila day begins. */
export const nextManilaMidnight = (instant: Date) => new Date(dayStart(manilaDay(instant)).getTime() + DAY_MS);

export const startOfManilaMonth = (instant: Date) => dayStart(`${manilaMonth(instant)}-01`);

export function startOfNextManilaMonth(instant: Date): Date {
  const [year, month] = manilaMonth(instant).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return dayStart(`${next}-01`);
}

/** Whole Manila days from day `a` to day `b` (YYYY-MM-DD), negative when b is before a. */
export const daysBetween = (a: string, b: string) =>
  Math.round((dayStart(b).getTime() - dayStart(a).getTime()) / DAY_MS);

/** The Monday (YYYY-MM-DD) of the Manila week of an instant: the id of its ranking period. */
export function manilaWeekId(instant: Date): string {
  const day = manilaDay(instant);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  const back = (weekday + 6) % 7;
  return new Date(Date.parse(`${day}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
}

/** Start and end of a ranking period (a Manila week from Monday 00:00). */
export function weekBounds(weekId: string): { startAt: Date; endAt: Date } {
  const startAt = dayStart(weekId);
  return { startAt, endAt: new Date(startAt.getTime() + 7 * DAY_MS) };
}

/** True for YYYY-MM-DD text naming a real Monday. */
export function isWeekId(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && date.getUTCDay() === 1;
}
