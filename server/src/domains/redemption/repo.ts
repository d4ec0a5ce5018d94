import type { Db } from '../../db/database';

export interface RedemptionCodeRow {
  id: number;
  code: string;
  rewards: string;
  total_uses: number;
  used: number;
  min_vip: number;
  expires_at: string | null;
  remark: string;
  source: 'seed' | 'ops';
  created_at: string;
  disabled_at: string | null;
  /** The code's cash is bet this many times before it can be withdrawn. */
  turnover_multiple: number;
}

export interface NewRedemptionCode {
  code: string;
  rewards: string;
  totalUses: number;
  minVip: number;
  expiresAt: string | null;
  remark: string;
  source: 'seed' | 'ops';
  turnoverMultiple: number;
  now: string;
}

export function createRedemptionRepo(db: Db) {
  const byCode = db.prepare('SELECT * FROM redemption_codes WHERE lower(code) = lower(?)');
  const byId = db.prepare('SELECT * FROM redemption_codes WHERE id = ?');
  const usedBy = db.prepare('SELECT 1 FROM redemption_uses WHERE code_id = ? AND user_id = ?').pluck();
  // The last use goes to exactly one player: the update only counts while uses are left.
  const take = db.prepare('UPDATE redemption_codes SET used = used + 1 WHERE id = ? AND used < total_uses');
  const insertUse = db.prepare('INSERT INTO redemption_uses (code_id, user_id, created_at) VALUES (?, ?, ?)');
  const insert = db.prepare(
    `INSERT INTO redemption_codes (code, rewards, total_uses, min_vip, expires_at, remark, source, turnover_multiple,
       created_at)
     VALUES (@code, @rewards, @totalUses, @minVip, @expiresAt, @remark, @source, @turnoverMultiple, @now)
     ON CONFLICT (lower(code)) DO NOTHING
     RETURNING id`,
  );
  const upsertSeed = db.prepare(
    `INSERT INTO redemption_codes (code, rewards, total_uses, min_vip, expires_at, remark, source, turnover_multiple,
       created_at)
     VALUES (@code, @rewards, @totalUses, @minVip, @expiresAt, @remark, 'seed', @turnoverMultiple, @now)
     ON CONFLICT (lower(code)) DO UPDATE SET rewards = excluded.rewards, total_uses = MAX(excluded.total_uses, redemption_codes.used),
       min_vip = excluded.min_vip, expires_at = excluded.expires_at, remark = excluded.remark,
       turnover_multiple = excluded.turnover_multiple
     WHERE redemption_codes.source = 'seed'`,
  );
  const disable = db.prepare('UPDATE redemption_codes SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL');
  const FILTER = `(instr(code, upper(@q)) > 0 OR @q IS NULL)`;
  const page = db.prepare(
    `SELECT * FROM redemption_codes WHERE ${FILTER} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare(`SELECT COUNT(*) FROM redemption_codes WHERE ${FILTER}`).pluck();

  return {
    byCode: (code: string) => byCode.get(code) as Promise<RedemptionCodeRow | undefined>,
    byId: (id: number) => byId.get(id) as Promise<RedemptionCodeRow | undefined>,
    usedBy: async (codeId: number, userId: number) => (await usedBy.get(codeId, userId)) === 1,
    /** Counts one use; false when none is left. */
    take: async (codeId: number) => (await take.run(codeId)).changes === 1,
    insertUse: (codeId: number, userId: number, now: string) => insertUse.run(codeId, userId, now),
    /** The new code's id, or undefined when the code exists already. */
    insert: async (c: NewRedemptionCode) => {
      const r = (await insert.get(c)) as { id: number } | undefined;
      return r?.id;
    },
    /** Switches the code off; false when it was off already. */
    disable: async (id: number, now: string) => (await disable.run(now, id)).changes === 1,
    upsertSeed: (c: Omit<NewRedemptionCode, 'source'>) => upsertSeed.run(c),
    page: (q: string | undefined, limit: number, offset: number) =>
      page.all({ q: q ?? null, limit, offset }) as Promise<RedemptionCodeRow[]>,
    count: async (q: string | undefined) => Number(await count.get({ q: q ?? null })),
  };
}

export type RedemptionRepo = ReturnType<typeof createRedemptionRepo>;
