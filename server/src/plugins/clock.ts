import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startOfManilaDay } from '../../../shared/time';
import { Clock, type ClockState } from '../clock';
import { param, prepareQuery } from '../db/builder';

const OFFSET_KEY = 'clock.offsetMs';
/** The instant a tester froze the clock at (absent while it runs). */
const FROZEN_KEY = 'clock.frozenAtMs';
/** The broker's key and channel of the cluster's clock (docs/deployment.md). */
const SHARED_CLOCK = 'clock';
const DAY_MS = 86_400_000;
/** A safety net for timers that fire late (a suspended machine): real time is also checked this often. */
const SAFETY_CHECK_MS = 30_000;

/**
 * The virtual clock. Its offset from real time, or the instant a tester froze it at, is kept in
 * app_state, so a tester's time travel survives a restart. Options: `frozenAt` stops it (tests; then
 * nothing is kept), `start` moves it once at boot.
 *
 * The clock owns the Manila business day: each change is announced once as `clock.dayChanged` on the
 * event bus, right after a clock move that crosses midnight (either way) and at the real Manila midnight
 * of a running clock (one timer set for it, plus a check every 30 s). Domains whose counters or rewards
 * turn with the day subscribe there instead of keeping their own timers; tester tooling only moves the clock.
 *
 * Several processes share one clock through the broker: a move on one is published (and kept under the
 * key `clock`) and the others take it as a move of their own, so their listeners run there too (each
 * process then announces the day change to its own listeners; work that must run once is gated by the
 * scheduler lease, see app.cluster.scheduled).
 */
export const clockPlugin = fp<{ frozenAt?: Date; start?: Date }>(
  async (app, options) => {
    const read = prepareQuery(app.db, (b) =>
      b.selectFrom('app_state').select('value').where('key', '=', param<string>('key')),
    );
    const stored = async (key: string) => (await read.get({ key }))?.value;
    const storedFrozen = options.frozenAt ? undefined : await stored(FROZEN_KEY);
    const clock = new Clock({
      offsetMs: Number((await stored(OFFSET_KEY)) ?? 0),
      frozenAt: options.frozenAt ?? (storedFrozen === undefined ? undefined : new Date(Number(storedFrozen))),
    });
    // With other processes, their clock is the clock: a process joining takes it before anything reads time.
    const { broker } = app.cluster;
    const shared = await broker.get(SHARED_CLOCK);
    if (shared) clock.adopt(JSON.parse(shared) as ClockState);
    let adopting = false;
    clock.onChange(() => {
      if (adopting) return;
      const state = clock.state();
      broker.publish(SHARED_CLOCK, state);
      broker
        .set(SHARED_CLOCK, JSON.stringify(state))
        .catch((err) => app.log.error({ err }, 'clock: could not share the clock'));
    });
    broker.subscribe(SHARED_CLOCK, (state) => {
      adopting = true;
      try {
        clock.adopt(state as ClockState);
      } finally {
        adopting = false;
      }
    });
    if (options.start) clock.set(options.start);
    const save = prepareQuery(app.db, (b) =>
      b
        .insertInto('app_state')
        .values({ key: param<string>('key'), value: param<string>('value') })
        .onConflict((c) => c.column('key').doUpdateSet((e) => ({ value: e.ref('excluded.value') }))),
    );
    const unfreeze = prepareQuery(app.db, (b) => b.deleteFrom('app_state').where('key', '=', param<string>('key')));
    const keep = async () => {
      if (options.frozenAt) return; // a test's clock: nothing to keep
      if (clock.frozen) await save.run({ key: FROZEN_KEY, value: String(clock.nowMs()) });
      else {
        await save.run({ key: OFFSET_KEY, value: String(clock.offset) });
        await unfreeze.run({ key: FROZEN_KEY });
      }
    };
    // A failure is logged (the move itself stands, in memory).
    clock.onChange(() => keep().catch((err) => app.log.error({ err }, 'clock: could not keep the clock')));
    if (options.start) await keep();
    app.decorate('clock', clock);
    clock.onDayChange((from, to) => app.events.emit('clock.dayChanged', { from, to }));
    watchMidnight(app, clock);
  },
  { name: 'clock', dependencies: ['db', 'events', 'broker'] },
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
