import type { FastifyInstance } from 'fastify';
import { manilaDay, startOfManilaDay } from '../../../../shared/time';

const DAY_MS = 86_400_000;
/** A safety net for timers that fire late (a suspended machine): real time is also checked this often. */
const SAFETY_CHECK_MS = 30_000;

/**
 * The one place that notices the Manila business day change, and emits `clock.dayChanged` on the event
 * bus: right after a clock move that crosses midnight (either way), and at the real Manila midnight of a
 * running clock (one timer set for it, plus a check every 30 s). Domains whose counters or rewards turn
 * with the day (VIP, poker, tasks and bonuses) subscribe there instead of keeping their own timers, so
 * each day change is handled once, at the same instant, for all of them.
 */
export function watchManilaDay(app: FastifyInstance) {
  let day = manilaDay(app.clock.now());
  let midnight: NodeJS.Timeout | undefined;

  const check = () => {
    const today = manilaDay(app.clock.now());
    if (today === day) return;
    const from = day;
    day = today;
    app.events.emit('clock.dayChanged', { from, to: today });
  };

  const scheduleMidnight = () => {
    clearTimeout(midnight);
    midnight = undefined;
    if (app.clock.frozen) return;
    const now = app.clock.nowMs();
    const next = startOfManilaDay(new Date(now)).getTime() + DAY_MS;
    midnight = setTimeout(
      () => {
        check();
        scheduleMidnight();
      },
      next - now + 50,
    );
    midnight.unref();
  };

  app.clock.onChange(() => {
    check();
    scheduleMidnight();
  });
  scheduleMidnight();
  const safety = setInterval(check, SAFETY_CHECK_MS);
  safety.unref();
  app.addHook('onClose', async () => {
    clearTimeout(midnight);
    clearInterval(safety);
  });
}
