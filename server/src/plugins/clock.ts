import fp from 'fastify-plugin';
import { Clock } from '../clock';

const OFFSET_KEY = 'clock.offsetMs';

/**
 * The virtual clock. Its offset from real time is kept in app_state, so a tester's time travel
 * survives a restart. Options: `frozenAt` stops it (tests), `start` moves it once at boot.
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
  },
  { name: 'clock', dependencies: ['db'] },
);
