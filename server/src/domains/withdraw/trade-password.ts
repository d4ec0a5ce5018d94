import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { AttemptGate, type Limiter, type LimitRule } from '../../plugins/rate-limit';
import { PASSWORD_FAILURES, tradeLockKey, verifyPassword } from '../user/password';

/** Wrong transaction passwords per account before a lock-out (the same counter as changing it). */
/** The transaction password's lock-out, shared with its change in the user domain (user/password.ts). */
export const TRADE_PASSWORD_FAILURES: LimitRule = PASSWORD_FAILURES;

/** How long a session may withdraw again without argon2 after the transaction password was verified. */
export const TRADE_PASSWORD_REMEMBER_MS = 5 * 60_000;

/** At most this many sessions remembered; past it the oldest entry goes (that session pays argon2 again). */
const REMEMBER_LIMIT = 100_000;

interface Remembered {
  userId: number;
  /** HMAC-SHA256, under a key made at start, of the md5 hex the client sent. */
  mac: Buffer;
  /** The stored argon2id string it was checked against: any change of the password changes it. */
  stored: string;
  expiresAtMs: number;
}

/**
 * Checks the transaction password (md5 hex from the client, argon2id stored) for binding a wallet and
 * withdrawing. Only wrong answers count toward the lock-out, and checks of one account run at most as
 * many at a time as wrong answers are still allowed: parallel guesses cannot get past the limit, while
 * right answers (the 200 concurrent withdrawals of one player) are not throttled to one at a time.
 *
 * A session that passed argon2 may withdraw again for a few minutes on a constant-time comparison of an
 * HMAC of what it sent (see docs/security.md, "Transaction password"): the entry is bound to the session,
 * the player and the stored hash, dropped on the session's revocation (logout, new login, time-outs,
 * operator, suspension), on any wrong answer and at expiry; a mismatch always falls back to argon2.
 */
export function createTradePasswordCheck(deps: {
  limiter: Limiter;
  /** The player's stored argon2id string, or null when no transaction password is set. */
  storedHash: (userId: number) => Promise<string | null>;
  clock: Clock;
  events: EventBus;
  /** Tests give a fixed key; by default a random one per process, so entries die with it. */
  key?: Buffer;
}) {
  const { limiter, clock } = deps;
  const key = deps.key ?? randomBytes(32);
  /** By session id, in the order they were verified (so the front holds the oldest). */
  const remembered = new Map<number, Remembered>();

  const macOf = (md5Hex: string) => createHmac('sha256', key).update(md5Hex).digest();

  deps.events.on('session.revoked', ({ sessionId }) => remembered.delete(sessionId));
  // A swapped database reuses session ids for other players.
  deps.events.on('db.restored', () => remembered.clear());

  function remember(sessionId: number, userId: number, md5Hex: string, stored: string) {
    const now = clock.nowMs();
    remembered.delete(sessionId);
    for (const [id, entry] of remembered) {
      if (entry.expiresAtMs > now && remembered.size < REMEMBER_LIMIT) break;
      remembered.delete(id);
    }
    remembered.set(sessionId, { userId, mac: macOf(md5Hex), stored, expiresAtMs: now + TRADE_PASSWORD_REMEMBER_MS });
  }

  /**
   * Whether this session's earlier verification answers for `md5Hex`. Anything else than a live entry of
   * this player and this stored hash whose HMAC matches drops the entry, and the caller runs argon2.
   */
  function recall(sessionId: number, userId: number, md5Hex: string, stored: string): boolean {
    const entry = remembered.get(sessionId);
    if (!entry) return false;
    const mac = macOf(md5Hex);
    const same =
      entry.userId === userId &&
      entry.stored === stored &&
      entry.expiresAtMs > clock.nowMs() &&
      timingSafeEqual(mac, entry.mac);
    if (!same) remembered.delete(sessionId);
    return same;
  }

  const keyOf = tradeLockKey;
  const gate = new AttemptGate(limiter, TRADE_PASSWORD_FAILURES);

  return {
    /**
     * Whether this session's earlier argon2 verification answers for `md5Hex` now, without argon2 (see
     * above): false when the account is locked, nothing is remembered, or the answer differs (which
     * drops what was remembered; `verify` then decides, with argon2).
     */
    async recalled(user: { id: number; sessionId: number }, md5Hex: string): Promise<boolean> {
      const stored = await deps.storedHash(user.id);
      // Nothing remembered: no need to ask the limiter (a round trip to Redis in a cluster).
      if (!stored || !remembered.has(user.sessionId)) return false;
      if ((await limiter.retryAfter(keyOf(user.id), TRADE_PASSWORD_FAILURES)) > 0) return false;
      return recall(user.sessionId, user.id, md5Hex, stored);
    },

    /**
     * The argon2 check. Throws TRADE_PASSWORD_NOT_SET, ACCOUNT_LOCKED (with the seconds to wait) or
     * TRADE_PASSWORD_WRONG; a success is remembered for the session (see `recalled`). `beforeArgon2`
     * runs once the password is known to be set (fail-fast checks worth doing before ~13 ms of CPU); a
     * locked account is refused after it, as before.
     */
    async verify(
      user: { id: number; sessionId: number },
      md5Hex: string,
      options: { beforeArgon2?: () => Promise<unknown> } = {},
    ) {
      const userId = user.id;
      const stored = await deps.storedHash(userId);
      if (!stored) throw new AppError(Code.TRADE_PASSWORD_NOT_SET);
      await options.beforeArgon2?.();
      await gate.guard(keyOf(userId), async () => {
        if (!(await verifyPassword(stored, md5Hex))) {
          await limiter.record(keyOf(userId), TRADE_PASSWORD_FAILURES);
          remembered.delete(user.sessionId);
          throw new AppError(Code.TRADE_PASSWORD_WRONG);
        }
        await limiter.reset(keyOf(userId));
        remember(user.sessionId, userId, md5Hex, stored);
      });
    },

    /** Sessions remembered now (tests). */
    rememberedCount: () => remembered.size,
  };
}

export type TradePasswordCheck = ReturnType<typeof createTradePasswordCheck>;
