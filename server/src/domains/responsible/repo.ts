import type { DepositLimitPeriod } from '../../../../shared/contract/responsible';
import type { Db } from '../../db/database';

/** Table deposit_limits (db/migrations/0051): one row per player and period. */
export interface DepositLimitRow {
  user_id: number;
  period: DepositLimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_at: string | null;
  updated_at: string;
}

/** Table play_breaks: every break, never updated. */
export interface PlayBreakRow {
  id: number;
  user_id: number;
  kind: 'cooloff' | 'exclusion';
  since: string;
  until: string | null;
  source: 'player' | 'ops';
  reason: string;
  created_at: string;
}

export function createResponsibleRepo(db: Db) {
  const limits = db.prepare('SELECT * FROM deposit_limits WHERE user_id = ?');
  const upsertLimit = db.prepare(
    `INSERT INTO deposit_limits (user_id, period, amount, pending_amount, pending_at, updated_at)
     VALUES (@userId, @period, @amount, @pendingAmount, @pendingAt, @now)
     ON CONFLICT (user_id, period) DO UPDATE SET amount = excluded.amount, pending_amount = excluded.pending_amount,
       pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
  );
  // The latest break that has not ended (a permanent one never ends).
  const runningBreak = db.prepare(
    `SELECT * FROM play_breaks WHERE user_id = ? AND (until IS NULL OR until > ?) ORDER BY id DESC LIMIT 1`,
  );
  const insertBreak = db.prepare(
    `INSERT INTO play_breaks (user_id, kind, since, until, source, reason, created_at)
     VALUES (@userId, @kind, @since, @until, @source, @reason, @since)`,
  );

  return {
    limits: (userId: number) => limits.all(userId) as Promise<DepositLimitRow[]>,
    saveLimit: (r: {
      userId: number;
      period: DepositLimitPeriod;
      amount: number | null;
      pendingAmount: number | null;
      pendingAt: string | null;
      now: string;
    }) => upsertLimit.run(r),
    runningBreak: (userId: number, now: string) => runningBreak.get(userId, now) as Promise<PlayBreakRow | undefined>,
    insertBreak: (r: {
      userId: number;
      kind: 'cooloff' | 'exclusion';
      since: string;
      until: string | null;
      source: 'player' | 'ops';
      reason: string;
    }) => insertBreak.run(r),
  };
}
