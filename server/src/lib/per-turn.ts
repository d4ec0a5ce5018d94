import type { FastifyInstance } from 'fastify';

/**
 * Runs `handler` once per key per turn of the event loop, after that turn's answers: for work that costs
 * more than the events that call for it (bets come in bursts). What is still queued runs when the app closes.
 */
export function oncePerTurn(app: FastifyInstance, handler: (key: number) => void): (key: number) => void {
  const queued = new Set<number>();
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    flushing = undefined;
    const keys = [...queued];
    queued.clear();
    for (const key of keys) handler(key);
  };
  app.addHook('onClose', async () => {
    if (flushing) clearImmediate(flushing);
    flush();
  });
  return (key) => {
    queued.add(key);
    flushing ??= setImmediate(flush);
  };
}

/** Wraps an event handler whose emitter already committed: a failure is logged, never turned into a failed answer. */
export function guarded<E>(app: FastifyInstance, what: string, handler: (e: E) => void): (e: E) => void {
  return (e) => {
    try {
      handler(e);
    } catch (error) {
      app.log.error({ err: error, event: e }, `${what} failed`);
    }
  };
}
