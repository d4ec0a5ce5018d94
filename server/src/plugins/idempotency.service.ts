import { Code } from '../../../shared/codes';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { createIdempotencyRepo } from './idempotency.repo';

/** How long a key is kept (Stripe's 24 h): after that the same key is a new request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
/** Keys past their keeping time are deleted at most this often, when a key is reserved. */
export const IDEMPOTENCY_PURGE_EVERY_MS = 10 * 60_000;

/** What a request with a key does: run (its key is reserved for it), or answer the stored answer again. */
export type IdempotencyStart = { kind: 'run' } | { kind: 'replay'; status: number; response: string };

const FAILURE_CODE = /^\{"success":false,"code":(\d+)/;

/**
 * Whether an answer is kept for the retries of its key: successes and business refusals are; a 5xx (a
 * crash, storage away: 503) and the claims limit's RATE_LIMITED are not, so a retry runs again, as Stripe
 * does with its 5xx and 429. An answer that is not text cannot be kept either.
 */
function keeps(status: number, response: string | null): response is string {
  if (response === null || status >= 500) return false;
  return Number(FAILURE_CODE.exec(response)?.[1]) !== Code.RATE_LIMITED;
}

/**
 * Idempotency keys of the players' money POSTs (the contract's `idempotent`; the HTTP side is
 * plugins/idempotency.ts): per player, Stripe's semantics, kept 24 h on the virtual clock.
 */
export function createIdempotencyService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createIdempotencyRepo(db);
  let lastPurgeMs = Number.NEGATIVE_INFINITY;
  const iso = (ms: number) => new Date(ms).toISOString();

  async function purgeNowAndThen(nowMs: number) {
    // The virtual clock may also go back (a tester's time travel): purge then too.
    if (nowMs - lastPurgeMs < IDEMPOTENCY_PURGE_EVERY_MS && nowMs >= lastPurgeMs) return;
    lastPurgeMs = nowMs;
    await repo.purge(iso(nowMs - IDEMPOTENCY_KEEP_MS));
  }

  return {
    /**
     * The first request of a key reserves it (pending; the primary key lets one of two racing requests
     * win) and runs. A later one with the same endpoint and body gets the stored answer again, or
     * IDEMPOTENCY_IN_PROGRESS while the first is still running; with another endpoint or body,
     * IDEMPOTENCY_KEY_REUSED.
     */
    async start(userId: number, key: string, endpoint: string, requestHash: string): Promise<IdempotencyStart> {
      const nowMs = clock.nowMs();
      await purgeNowAndThen(nowMs);
      const reservation = {
        userId,
        key,
        endpoint,
        requestHash,
        now: iso(nowMs),
        expiredBefore: iso(nowMs - IDEMPOTENCY_KEEP_MS),
      };
      // Twice at most: a reservation released (its request answered 5xx) between the insert and the read.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (await repo.reserve(reservation)) return { kind: 'run' };
        const held = await repo.find(userId, key);
        if (!held) continue;
        if (held.endpoint !== endpoint || held.request_hash !== requestHash) {
          throw new AppError(Code.IDEMPOTENCY_KEY_REUSED);
        }
        if (held.state !== 'done' || held.status === null || held.response === null) break;
        return { kind: 'replay', status: held.status, response: held.response };
      }
      throw new AppError(Code.IDEMPOTENCY_IN_PROGRESS);
    },

    /** The answer of a request that ran: kept for the key's retries, or the reservation released. */
    async finish(userId: number, key: string, status: number, response: string | null): Promise<void> {
      if (keeps(status, response)) await repo.complete(userId, key, status, response);
      else await repo.release(userId, key);
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
