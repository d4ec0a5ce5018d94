import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Work a request starts without awaiting it, whose effects its caller still expects once answered: an
 * event's listeners (the welcome coupon of a registration, the VIP level a deposit reached) and the clock's
 * (deposits timing out, payouts coming due when a tester moves it). The answer is sent once that work has
 * settled, so a player or a tester never reads the state from before it. With SQLite's one connection
 * this held by itself (such work was queued ahead of any later request's statements); PostgreSQL's pool
 * runs the next request beside it, so it is said here, for both stores.
 *
 * Work started outside a request (timers, another process's clock move) is not waited for by anyone.
 */
type FollowUps = Set<Promise<unknown>>;

const scope = new AsyncLocalStorage<FollowUps>();

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';

/**
 * Counts `value` (a listener's result) as a follow-up of the request running, when it is a promise. Its
 * failure stays the listener's to handle (log); here it only ends the wait.
 */
export function followUp(value: unknown): void {
  const pending = scope.getStore();
  if (!pending || !isThenable(value)) return;
  const settled: Promise<unknown> = Promise.resolve(value).then(
    () => pending.delete(settled),
    () => pending.delete(settled),
  );
  pending.add(settled);
}

/** Waits until every follow-up of `pending` settled, those they started meanwhile included. */
async function settle(pending: FollowUps): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * Waits for the follow-ups the running request started so far (nothing outside a request): for code that
 * does several steps in one request and needs each step's effects before the next (a scenario's build).
 */
export async function settleFollowUps(): Promise<void> {
  const pending = scope.getStore();
  if (pending) await settle(pending);
}

/**
 * Runs `work` in the running request's scope of follow-ups, or outside a request in a scope of its own,
 * and answers once `work` and its follow-ups are done.
 */
export async function withFollowUps<T>(work: () => T | Promise<T>, own = false): Promise<T> {
  const pending = (own ? undefined : scope.getStore()) ?? new Set<Promise<unknown>>();
  const value = await scope.run(pending, work);
  await settle(pending);
  return value;
}

/** Every request runs in a scope of follow-ups, and its answer waits for them (onSend). */
export function installFollowUps(app: FastifyInstance): void {
  const pendingOf = new WeakMap<object, FollowUps>();
  app.addHook('onRequest', (request, _reply, done) => {
    const pending: FollowUps = new Set();
    pendingOf.set(request, pending);
    scope.run(pending, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const pending = pendingOf.get(request);
    if (pending && pending.size > 0) await settle(pending);
    return payload;
  });
}
