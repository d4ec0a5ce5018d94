import type { FastifyInstance } from 'fastify';
import { manilaDay } from '../../../../shared/time';

/**
 * Emits `clock.dayChanged` when the Manila business day changes: right after a clock move that crosses
 * midnight (either way), and within 30 seconds when real time passes it. Daily rewards, limits and
 * sign-ins subscribe there instead of keeping their own timers.
 */
export function watchManilaDay(app: FastifyInstance) {
  let day = manilaDay(app.clock.now());
  const check = () => {
    const today = manilaDay(app.clock.now());
    if (today === day) return;
    const from = day;
    day = today;
    app.events.emit('clock.dayChanged', { from, to: today });
  };
  app.clock.onChange(check);
  const timer = setInterval(check, 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
