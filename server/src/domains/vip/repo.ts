import type { Db } from '../../db/database';

export interface VipLevelRow {
  level: number;
  deposit_threshold: number;
  turnover_threshold: number;
  daily_reward: number;
  monthly_reward: number;
  deposit_rebate_bp: number;
  turnover_rebate_bp: number;
  decay_percent: number;
}

/** A level beside the withdrawal limit it gives (for the VIP card). */
export interface VipLevelLimitsRow extends VipLevelRow {
  /** From withdraw_limits: the limit of the highest limit row at or below this level. */
  withdraw_daily_amount: number;
  withdraw_daily_count: number;
}

export interface RebateMarkRow {
  user_id: number;
  deposit_mark: number;
  deposit_carry: number;
  turnover_mark: number;
  turnover_carry: number;
}

export interface VipProgressRow {
  vip_level: number;
  deposit_total: number;
  turnover_total: number;
}

export function createVipRepo(db: Db) {
  const levels = db.prepare(
    `SELECT v.*,
       COALESCE((SELECT w.daily_amount FROM withdraw_limits w WHERE w.vip_level <= v.level
                 ORDER BY w.vip_level DESC LIMIT 1), 0) AS withdraw_daily_amount,
       COALESCE((SELECT w.daily_count FROM withdraw_limits w WHERE w.vip_level <= v.level
                 ORDER BY w.vip_level DESC LIMIT 1), 0) AS withdraw_daily_count
     FROM vip_levels v ORDER BY v.level`,
  );
  const levelTable = db.prepare(
    `SELECT level, deposit_threshold, turnover_threshold, daily_reward, monthly_reward, deposit_rebate_bp,
       turnover_rebate_bp, decay_percent FROM vip_levels ORDER BY level`,
  );
  const progress = db.prepare(
    `SELECT u.vip_level, COALESCE(a.deposit_total, 0) AS deposit_total, COALESCE(a.turnover_total, 0) AS turnover_total
     FROM users u LEFT JOIN account_counters a ON a.user_id = u.id WHERE u.id = ?`,
  );
  const raiseLevel = db.prepare('UPDATE users SET vip_level = ? WHERE id = ? AND vip_level < ?');
  const ensureMarks = db.prepare(
    'INSERT INTO vip_rebate_marks (user_id, updated_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const marks = db.prepare('SELECT * FROM vip_rebate_marks WHERE user_id = ?');
  const setDepositMark = db.prepare(
    `UPDATE vip_rebate_marks SET deposit_mark = @mark, deposit_carry = @carry, updated_at = @now
     WHERE user_id = @userId AND deposit_mark = @previous`,
  );
  const setTurnoverMark = db.prepare(
    `UPDATE vip_rebate_marks SET turnover_mark = @mark, turnover_carry = @carry, updated_at = @now
     WHERE user_id = @userId AND turnover_mark = @previous`,
  );
  const lastDepositAt = db.prepare('SELECT MAX(paid_at) FROM deposits WHERE user_id = ? AND status = 1').pluck();
  const setting = db.prepare('SELECT value FROM vip_settings WHERE key = ?').pluck();

  return {
    /** One JSON setting of vip_settings (friends, ranking). */
    setting: async <T>(key: string) => JSON.parse((await setting.get(key)) as string) as T,
    /** The levels with the withdrawal limits each gives (read afresh: limits are operator data). */
    levels: () => levels.all() as Promise<VipLevelLimitsRow[]>,
    /** The levels alone (reference data, seeded at start). */
    levelTable: () => levelTable.all() as Promise<VipLevelRow[]>,
    progress: (userId: number) => progress.get(userId) as Promise<VipProgressRow | undefined>,
    /** Raises the stored level (never lowers it); true when it changed. */
    raiseLevel: async (userId: number, level: number) => (await raiseLevel.run(level, userId, level)).changes === 1,
    /** The player's watermarks, made (zero) on first use: the claim that moves them needs the row. */
    async marks(userId: number, now: string): Promise<RebateMarkRow> {
      await ensureMarks.run(userId, now);
      return (await marks.get(userId)) as RebateMarkRow;
    },
    /** The watermarks without writing: zero when the player never claimed a rebate. */
    peekMarks: async (userId: number): Promise<RebateMarkRow> =>
      ((await marks.get(userId)) as RebateMarkRow | undefined) ?? {
        user_id: userId,
        deposit_mark: 0,
        deposit_carry: 0,
        turnover_mark: 0,
        turnover_carry: 0,
      },
    /** Moves a watermark from `previous`; false when another claim moved it first. */
    async setMark(
      which: 'deposit' | 'turnover',
      m: { userId: number; previous: number; mark: number; carry: number; now: string },
    ): Promise<boolean> {
      return (await (which === 'deposit' ? setDepositMark : setTurnoverMark).run(m)).changes === 1;
    },
    /** When the player's last successful deposit was paid, or null. */
    lastDepositAt: async (userId: number) => ((await lastDepositAt.get(userId)) as string | null) ?? null,
  };
}

export type VipRepo = ReturnType<typeof createVipRepo>;
