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
  const queued = new Map<number, () => void>();
  const waiting = new Map<number, Promise<void>>();
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
    waiting.clear();
    for (const [key, done] of keys) run(key, done);
  };
  app.addHook('onClose', async () => {
    if (flushing) clearImmediate(flushing);
    flush();
    await Promise.all(running);
  });
  return (key) => {
    let ran = waiting.get(key);
    if (!ran) {
      ran = new Promise<void>((resolve) => queued.set(key, resolve));
      waiting.set(key, ran);
    }
    flushing ??= setImmediate(flush);
    followUp(ran);
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
