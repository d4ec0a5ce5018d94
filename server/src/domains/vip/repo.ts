import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type VipLevelRow = Selectable<DB['vip_levels']>;

/** A level beside the withdrawal limit it gives (for the VIP card). */
export interface VipLevelLimitsRow extends VipLevelRow {
  /** From withdraw_limits: the limit of the highest limit row at or below this level. */
  withdraw_daily_amount: number;
  withdraw_daily_count: number;
}

export type RebateMarkRow = Omit<Selectable<DB['vip_rebate_marks']>, 'updated_at'>;

export interface VipProgressRow {
  vip_level: number;
  deposit_total: number;
  turnover_total: number;
}

export function createVipRepo(db: Db) {
  const levels = prepareQuery(db, (b) =>
    b
      .selectFrom('vip_levels as v')
      .selectAll('v')
      .select((e) => [
        e.fn
          .coalesce(
            e
              .selectFrom('withdraw_limits as w')
              .select('w.daily_amount')
              .whereRef('w.vip_level', '<=', 'v.level')
              .orderBy('w.vip_level', 'desc')
              .limit(sql.lit(1))
              .$asScalar(),
            sql.lit(0),
          )
          .as('withdraw_daily_amount'),
        e.fn
          .coalesce(
            e
              .selectFrom('withdraw_limits as w')
              .select('w.daily_count')
              .whereRef('w.vip_level', '<=', 'v.level')
              .orderBy('w.vip_level', 'desc')
              .limit(sql.lit(1))
              .$asScalar(),
            sql.lit(0),
          )
          .as('withdraw_daily_count'),
      ])
      .orderBy('v.level'),
  );
  const levelTable = prepareQuery(db, (b) =>
    b
      .selectFrom('vip_levels')
      .select([
        'level',
        'deposit_threshold',
        'turnover_threshold',
        'daily_reward',
        'monthly_reward',
        'deposit_rebate_bp',
        'turnover_rebate_bp',
        'decay_percent',
      ])
      .orderBy('level'),
  );
  const progress = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .leftJoin('account_counters as a', 'a.user_id', 'u.id')
      .select((e) => [
        'u.vip_level',
        e.fn.coalesce('a.deposit_total', sql.lit(0)).as('deposit_total'),
        e.fn.coalesce('a.turnover_total', sql.lit(0)).as('turnover_total'),
      ])
      .where('u.id', '=', param<number>('userId')),
  );
  const raiseLevel = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({ vip_level: param<number>('level') })
      .where('id', '=', param<number>('userId'))
      .where('vip_level', '<', param<number>('level')),
  );
  const ensureMarks = prepareQuery(db, (b) =>
    b
      .insertInto('vip_rebate_marks')
      .values({ user_id: param<number>('userId'), updated_at: param<string>('now') })
      .onConflict((c) => c.doNothing()),
  );
  const marks = prepareQuery(db, (b) =>
    b.selectFrom('vip_rebate_marks').selectAll().where('user_id', '=', param<number>('userId')),
  );
  const setDepositMark = prepareQuery(db, (b) =>
    b
      .updateTable('vip_rebate_marks')
      .set({
        deposit_mark: param<number>('mark'),
        deposit_carry: param<number>('carry'),
        updated_at: param<string>('now'),
      })
      .where('user_id', '=', param<number>('userId'))
      .where('deposit_mark', '=', param<number>('previous')),
  );
  const setTurnoverMark = prepareQuery(db, (b) =>
    b
      .updateTable('vip_rebate_marks')
      .set({
        turnover_mark: param<number>('mark'),
        turnover_carry: param<number>('carry'),
        updated_at: param<string>('now'),
      })
      .where('user_id', '=', param<number>('userId'))
      .where('turnover_mark', '=', param<number>('previous')),
  );
  const lastDepositAt = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .select((e) => e.fn.max<string | null>('paid_at').as('at'))
      .where('user_id', '=', param<number>('userId'))
      .where('status', '=', sql.lit(1)),
  );
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('vip_settings').select('value').where('key', '=', param<string>('key')),
  );

  return {
    /** One JSON setting of vip_settings (friends, ranking). */
    setting: async <T>(key: string) => JSON.parse((await setting.get({ key }))!.value) as T,
    /** The levels with the withdrawal limits each gives (read afresh: limits are operator data). */
    levels: (): Promise<VipLevelLimitsRow[]> => levels.all(),
    /** The levels alone (reference data, seeded at start). */
    levelTable: (): Promise<VipLevelRow[]> => levelTable.all(),
    progress: (userId: number): Promise<VipProgressRow | undefined> => progress.get({ userId }),
    /** Raises the stored level (never lowers it); true when it changed. */
    raiseLevel: async (userId: number, level: number) => (await raiseLevel.run({ level, userId })).changes === 1,
    /** The player's watermarks, made (zero) on first use: the claim that moves them needs the row. */
    async marks(userId: number, now: string): Promise<RebateMarkRow> {
      await ensureMarks.run({ userId, now });
      return (await marks.get({ userId }))!;
    },
    /** The watermarks without writing: zero when the player never claimed a rebate. */
    peekMarks: async (userId: number): Promise<RebateMarkRow> =>
      (await marks.get({ userId })) ?? {
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
    lastDepositAt: async (userId: number) => (await lastDepositAt.get({ userId }))!.at,
  };
}

export type VipRepo = ReturnType<typeof createVipRepo>;
