import type { FastifyInstance } from 'fastify';
import { followUp, withFollowUps } from './follow-ups';

/**
 * Runs `handler` once per key per turn of the event loop, after that turn's answers are computed: for work
 * that costs more than the events that call for it (bets come in bursts). Each caller's request counts the
 * run of its key (and what that run starts) as a follow-up (lib/follow-ups.ts): its answer is sent once
 * the run is done, so the player reads its effect next. What is still queued runs, and is waited for,
 * when the app closes. A failure is logged.
 */
export function oncePerTurn(
  app: FastifyInstance,
  handler: (key: number) => void | Promise<void>,
): (key: number) => void {
  /** Per key queued this turn: the promise its callers' requests wait for, and what settles it. */
  const queued = new Map<number, { ran: Promise<void>; done: () => void }>();
  const running = new Set<Promise<void>>();
  let flushing: NodeJS.Immediate | undefined;
  const run = (key: number, done: () => void) => {
    const work = withFollowUps(() => handler(key), true)
      .catch((error) => app.log.error({ err: error, key }, 'a once-per-turn handler failed'))
      .finally(() => {
        running.delete(work);
        done();
      });
    running.add(work);
  };
  const flush = () => {
    flushing = undefined;
    const keys = [...queued];
    queued.clear();
    for (const [key, { done }] of keys) run(key, done);
  };
  app.addHook('onClose', async () => {
    if (flushing) clearImmediate(flushing);
    flush();
    await Promise.all(running);
  });
  return (key) => {
    let entry = queued.get(key);
    if (!entry) {
      let done = () => {};
      const ran = new Promise<void>((resolve) => {
        done = resolve;
      });
      entry = { ran, done };
      queued.set(key, entry);
    }
    flushing ??= setImmediate(flush);
    followUp(entry.ran);
  };
}

/**
 * Wraps an event handler whose emitter already committed: a failure (a throw or a rejection) is logged,
 * never turned into a failed answer or an unhandled rejection.
 */
export function guarded<E>(
  app: FastifyInstance,
  what: string,
  handler: (e: E) => void | Promise<void>,
): (e: E) => void {
  return (e) => {
    const failed = (error: unknown) => app.log.error({ err: error, event: e }, `${what} failed`);
    try {
      const result = handler(e);
      if (result) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}
