import type { Db } from '../../db/database';

export interface TaskRow {
  code: string;
  period: 'daily' | 'once';
  metric: string;
  target: number;
  rewards: string;
  turnover_multiple: number;
  title_en: string;
  title_vi: string;
}

/** A half-open range of ISO instants [from, to): one Manila day. */
export interface Range {
  from: string;
  to: string;
}

/**
 * Reads the state tasks and bonuses are measured on: deposits, bets and rollbacks in the journal, sessions,
 * wallet, identity, referrals, and the player's earlier claims.
 */
export function createTaskRepo(db: Db) {
  const tasks = db.prepare('SELECT * FROM tasks WHERE enabled = 1 ORDER BY sort_order, code');
  const task = db.prepare('SELECT * FROM tasks WHERE code = ?');
  const setting = db.prepare('SELECT value FROM bonus_settings WHERE key = ?').pluck();
  const depositedIn = db
    .prepare(
      `SELECT COALESCE(SUM(amount), 0) FROM deposits
       WHERE user_id = ? AND status = 1 AND settled_at >= ? AND settled_at < ?`,
    )
    .pluck();
  // Bets are negative journal rows, rollbacks give a bet back: the net bet is minus their sum.
  const betsIn = db.prepare(
    `SELECT COALESCE(-SUM(amount), 0) AS amount,
            COALESCE(SUM(CASE type WHEN 'bet' THEN 1 ELSE -1 END), 0) AS count
     FROM balance_journal WHERE user_id = ? AND type IN ('bet', 'rollback') AND created_at >= ? AND created_at < ?`,
  );
  const activeIn = db
    .prepare(
      `SELECT COUNT(*) FROM sessions WHERE user_id = @userId
       AND ((last_seen_at >= @from AND last_seen_at < @to) OR (created_at >= @from AND created_at < @to))`,
    )
    .pluck();
  const profile = db.prepare(
    `SELECT CASE WHEN u.trade_password_hash IS NOT NULL THEN 1 ELSE 0 END AS "tradePassword",
       CASE WHEN EXISTS (SELECT 1 FROM user_wallets w WHERE w.user_id = u.id) THEN 1 ELSE 0 END AS "walletBound",
       CASE WHEN EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = u.id AND k.status = 'verified')
         THEN 1 ELSE 0 END AS "kycVerified",
       (SELECT COUNT(*) FROM deposits d WHERE d.user_id = u.id AND d.status = 1) AS "depositCount",
       (SELECT COUNT(*) FROM users f WHERE f.superior_id = u.id) AS referrals
     FROM users u WHERE u.id = ?`,
  );
  const claimsOf = db.prepare(
    'SELECT reward_key, created_at FROM reward_claims WHERE user_id = ? AND source = ? ORDER BY id',
  );
  const sessionsSince = db.prepare(
    'SELECT id, created_at FROM sessions WHERE user_id = ? AND created_at >= ? ORDER BY id DESC',
  );
  const seenBefore = db.prepare('SELECT MAX(last_seen_at) FROM sessions WHERE user_id = ? AND id < ?').pluck();
  const depositedBefore = db
    .prepare('SELECT MAX(settled_at) FROM deposits WHERE user_id = ? AND status = 1 AND settled_at < ?')
    .pluck();
  const markSignUpBonus = db.prepare('UPDATE users SET sign_up_bonus_at = ? WHERE id = ? AND sign_up_bonus_at IS NULL');
  const superiorOf = db.prepare('SELECT superior_id FROM users WHERE id = ?').pluck();

  return {
    tasks: () => tasks.all() as Promise<TaskRow[]>,
    /** A task by code, a disabled one too (its old claims still name it). */
    task: (code: string) => task.get(code) as Promise<TaskRow | undefined>,
    setting: async <T>(key: string): Promise<T> => JSON.parse((await setting.get(key)) as string) as T,
    deposited: (userId: number, r: Range) => depositedIn.get(userId, r.from, r.to) as Promise<number>,
    bets: async (userId: number, r: Range) =>
      (await betsIn.get(userId, r.from, r.to)) as { amount: number; count: number },
    active: async (userId: number, r: Range) => ((await activeIn.get({ userId, ...r })) as number) > 0,
    profile: async (userId: number) =>
      (await profile.get(userId)) as
        | { tradePassword: number; walletBound: number; kycVerified: number; depositCount: number; referrals: number }
        | undefined,
    claims: async (userId: number, source: string) =>
      (await claimsOf.all(userId, source)) as { reward_key: string; created_at: string }[],
    sessionsSince: async (userId: number, since: string) =>
      (await sessionsSince.all(userId, since)) as { id: number; created_at: string }[],
    /** The player's last sign of life before a session began: a session seen or a deposit credited. */
    async lastActivityBefore(userId: number, sessionId: number, at: string): Promise<string | null> {
      const seen = (await seenBefore.get(userId, sessionId)) as string | null;
      const deposit = (await depositedBefore.get(userId, at)) as string | null;
      if (seen === null) return deposit;
      return deposit !== null && deposit > seen ? deposit : seen;
    },
    markSignUpBonus: (userId: number, now: string) => markSignUpBonus.run(now, userId),
    superior: async (userId: number) => ((await superiorOf.get(userId)) as number | null | undefined) ?? null,
  };
}

export type TaskRepo = ReturnType<typeof createTaskRepo>;
