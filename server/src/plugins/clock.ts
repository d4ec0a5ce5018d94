import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startOfManilaDay } from '../../../shared/time';
import { Clock } from '../clock';

const OFFSET_KEY = 'clock.offsetMs';
const DAY_MS = 86_400_000;
/** A safety net for timers that fire late (a suspended machine): real time is also checked this often. */
const SAFETY_CHECK_MS = 30_000;

/**
 * The virtual clock. Its offset from real time is kept in app_state, so a tester's time travel
 * survives a restart. Options: `frozenAt` stops it (tests), `start` moves it once at boot.
 *
 * The clock owns the Manila business day: each change is announced once as `clock.dayChanged` on the
 * event bus, right after a clock move that crosses midnight (either way) and at the real Manila midnight
 * of a running clock (one timer set for it, plus a check every 30 s). Domains whose counters or rewards
 * turn with the day subscribe there instead of keeping their own timers; tester tooling only moves the clock.
 */
export const clockPlugin = fp<{ frozenAt?: Date; start?: Date }>(
  async (app, options) => {
    const stored = app.db.prepare('SELECT value FROM app_state WHERE key = ?').pluck().get(OFFSET_KEY);
    const clock = new Clock({ offsetMs: Number(stored ?? 0), frozenAt: options.frozenAt });
    if (options.start) clock.set(options.start);
    const save = app.db.prepare(
      'INSERT INTO app_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    clock.onChange(() => {
      if (!clock.frozen) save.run(OFFSET_KEY, String(clock.offset));
    });
    if (options.start && !clock.frozen) save.run(OFFSET_KEY, String(clock.offset));
    app.decorate('clock', clock);
    clock.onDayChange((from, to) => app.events.emit('clock.dayChanged', { from, to }));
    watchMidnight(app, clock);
  },
  { name: 'clock', dependencies: ['db', 'events'] },
);

/** Checks the day at the real Manila midnight of a running clock, and every 30 s in case a timer fired late. */
function watchMidnight(app: FastifyInstance, clock: Clock) {
  let midnight: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(midnight);
    midnight = undefined;
    if (clock.frozen) return;
    const now = clock.nowMs();
    const next = startOfManilaDay(new Date(now)).getTime() + DAY_MS;
    midnight = setTimeout(
      () => {
        clock.checkDay();
        schedule();
      },
      next - now + 50,
    );
    midnight.unref();
  };
  clock.onChange(schedule);
  schedule();
  const safety = setInterval(() => clock.checkDay(), SAFETY_CHECK_MS);
  safety.unref();
  app.addHook('onClose', async () => {
    clearTimeout(midnight);
    clearInterval(safety);
  });
}
