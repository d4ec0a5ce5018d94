import type { FastifyInstance } from 'fastify';

/**
 * Runs `handler` once per key per turn of the event loop, after that turn's answers: for work that costs
 * more than the events that call for it (bets come in bursts). What is still queued runs, and is waited
 * for, when the app closes. A failure is logged.
 */
export function oncePerTurn(
  app: FastifyInstance,
  handler: (key: number) => void | Promise<void>,
): (key: number) => void {
  const queued = new Set<number>();
  const running = new Set<Promise<void>>();
  let flushing: NodeJS.Immediate | undefined;
  const run = (key: number) => {
    const work = (async () => handler(key))()
      .catch((error) => app.log.error({ err: error, key }, 'a once-per-turn handler failed'))
      .finally(() => running.delete(work));
    running.add(work);
  };
  const flush = () => {
    flushing = undefined;
    const keys = [...queued];
    queued.clear();
    for (const key of keys) run(key);
  };
  app.addHook('onClose', async () => {
    if (flushing) clearImmediate(flushing);
    flush();
    await Promise.all(running);
  });
  return (key) => {
    queued.add(key);
    flushing ??= setImmediate(flush);
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
