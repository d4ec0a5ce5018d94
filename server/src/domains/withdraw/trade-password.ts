import { Code } from '../../../../shared/codes';
import { AppError } from '../../errors';
import type { Limiter, LimitRule } from '../../plugins/rate-limit';
import { verifyPassword } from '../user/password';
import type { UserRepo } from '../user/repo';

/** Wrong transaction passwords per account before a lock-out (the same counter as changing it). */
export const TRADE_PASSWORD_FAILURES: LimitRule = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Checks the transaction password (md5 hex from the client, argon2id stored) for binding a wallet and
 * withdrawing. Only wrong answers count toward the lock-out, and checks of one account run at most as
 * many at a time as wrong answers are still allowed: parallel guesses cannot get past the limit, while
 * right answers (the 200 concurrent withdrawals of one player) are not throttled to one at a time.
 */
export function createTradePasswordCheck(deps: { limiter: Limiter; users: UserRepo }) {
  const { limiter, users } = deps;
  const inFlight = new Map<number, number>();
  const waiting = new Map<number, (() => void)[]>();

  const keyOf = (userId: number) => `trade:user:${userId}`;

  async function acquire(userId: number): Promise<void> {
    const key = keyOf(userId);
    for (;;) {
      const locked = limiter.retryAfter(key, TRADE_PASSWORD_FAILURES);
      if (locked > 0) throw new AppError(Code.ACCOUNT_LOCKED, { params: { seconds: locked } });
      const running = inFlight.get(userId) ?? 0;
      // Free while (failures so far + checks running) stays under the limit.
      const room =
        running < TRADE_PASSWORD_FAILURES.limit &&
        limiter.retryAfter(key, { ...TRADE_PASSWORD_FAILURES, limit: TRADE_PASSWORD_FAILURES.limit - running }) === 0;
      if (room) {
        inFlight.set(userId, running + 1);
        return;
      }
      await new Promise<void>((resolve) => {
        waiting.set(userId, [...(waiting.get(userId) ?? []), resolve]);
      });
    }
  }

  function release(userId: number) {
    const running = (inFlight.get(userId) ?? 1) - 1;
    if (running > 0) inFlight.set(userId, running);
    else inFlight.delete(userId);
    const waiters = waiting.get(userId) ?? [];
    waiting.delete(userId);
    for (const wake of waiters) wake();
  }

  return {
    /** Throws TRADE_PASSWORD_NOT_SET, ACCOUNT_LOCKED (with the seconds to wait) or TRADE_PASSWORD_WRONG. */
    async verify(userId: number, md5Hex: string): Promise<void> {
      const stored = users.byId(userId)?.trade_password_hash;
      if (!stored) throw new AppError(Code.TRADE_PASSWORD_NOT_SET);
      await acquire(userId);
      try {
        if (!(await verifyPassword(stored, md5Hex))) {
          limiter.record(keyOf(userId));
          throw new AppError(Code.TRADE_PASSWORD_WRONG);
        }
        limiter.reset(keyOf(userId));
      } finally {
        release(userId);
      }
    },
  };
}

export type TradePasswordCheck = ReturnType<typeof createTradePasswordCheck>;
