import { expressionBuilder, type Selectable } from 'kysely';
import { type Engine, greatest, param, position, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

type CodeNarrow = { source: 'seed' | 'ops' };
/** `turnover_multiple`: the code's cash is bet this many times before it can be withdrawn. */
export type RedemptionCodeRow = Omit<Selectable<DB['redemption_codes']>, keyof CodeNarrow> & CodeNarrow;

export type NewRedemptionCode = {
  code: string;
  rewards: string;
  totalUses: number;
  minVip: number;
  expiresAt: string | null;
  remark: string;
  source: 'seed' | 'ops';
  turnoverMultiple: number;
  now: string;
};

export function createRedemptionRepo(db: Db) {
  const byCode = prepareQuery(db, (b) =>
    b
      .selectFrom('redemption_codes')
      .selectAll()
      .where((e) => e(e.fn('lower', ['code']), '=', e.fn('lower', [param<string>('code')])))
      .$narrowType<CodeNarrow>(),
  );
  const byId = prepareQuery(db, (b) =>
    b.selectFrom('redemption_codes').selectAll().where('id', '=', param<number>('id')).$narrowType<CodeNarrow>(),
  );
  const usedBy = prepareQuery(db, (b) =>
    b
      .selectFrom('redemption_uses')
      .select(sql.lit(1).as('one'))
      .where('code_id', '=', param<number>('codeId'))
      .where('user_id', '=', param<number>('userId')),
  );
  // The last use goes to exactly one player: the update only counts while uses are left.
  const take = prepareQuery(db, (b) =>
    b
      .updateTable('redemption_codes')
      .set((e) => ({ used: e('used', '+', sql.lit(1)) }))
      .where('id', '=', param<number>('codeId'))
      .whereRef('used', '<', 'total_uses'),
  );
  const insertUse = prepareQuery(db, (b) =>
    b.insertInto('redemption_uses').values({
      code_id: param<number>('codeId'),
      user_id: param<number>('userId'),
      created_at: param<string>('now'),
    }),
  );
  const values = {
    code: param<string>('code'),
    rewards: param<string>('rewards'),
    total_uses: param<number>('totalUses'),
    min_vip: param<number>('minVip'),
    expires_at: param<string | null>('expiresAt'),
    remark: param<string>('remark'),
    turnover_multiple: param<number>('turnoverMultiple'),
    created_at: param<string>('now'),
  };
  // The code is unique whatever its case: the conflict is on lower(code), the unique index.
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('redemption_codes')
      .values({ ...values, source: param<NewRedemptionCode['source']>('source') })
      .onConflict((c) => c.expression(sql`lower(${sql.ref('code')})`).doNothing())
      .returning('id'),
  );
  const upsertSeed = prepareQuery(db, (b, engine) =>
    b
      .insertInto('redemption_codes')
      .values({ ...values, source: sql.lit('seed') })
      .onConflict((c) =>
        c
          .expression(sql`lower(${sql.ref('code')})`)
          .doUpdateSet((u) => ({
            rewards: u.ref('excluded.rewards'),
            total_uses: greatest(engine, u.ref('excluded.total_uses'), u.ref('redemption_codes.used')),
            min_vip: u.ref('excluded.min_vip'),
            expires_at: u.ref('excluded.expires_at'),
            remark: u.ref('excluded.remark'),
            turnover_multiple: u.ref('excluded.turnover_multiple'),
          }))
          .where('redemption_codes.source', '=', sql.lit('seed')),
      ),
  );
  const disable = prepareQuery(db, (b) =>
    b
      .updateTable('redemption_codes')
      .set({ disabled_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('disabled_at', 'is', null),
  );
  // `(instr(code, upper(@q)) > 0 OR @q IS NULL)`: the codes holding the search in upper case; all without one.
  const search = (engine: Engine) => {
    const e = expressionBuilder<DB, 'redemption_codes'>();
    return e.or([
      e(position(engine, e.ref('code'), e.fn('upper', [param<string>('q')])), '>', sql.lit(0)),
      e(typedParam(engine, 'q', 'text'), 'is', null),
    ]);
  };
  const page = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('redemption_codes')
      .selectAll()
      .where(search(engine))
      .orderBy('id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset'))
      .$narrowType<CodeNarrow>(),
  );
  const count = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('redemption_codes')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(search(engine)),
  );

  return {
    byCode: (code: string): Promise<RedemptionCodeRow | undefined> => byCode.get({ code }),
    byId: (id: number): Promise<RedemptionCodeRow | undefined> => byId.get({ id }),
    usedBy: async (codeId: number, userId: number) => (await usedBy.get({ codeId, userId })) !== undefined,
    /** Counts one use; false when none is left. */
    take: async (codeId: number) => (await take.run({ codeId })).changes === 1,
    insertUse: (codeId: number, userId: number, now: string) => insertUse.run({ codeId, userId, now }),
    /** The new code's id, or undefined when the code exists already. */
    insert: async (c: NewRedemptionCode) => (await insert.get(c))?.id,
    /** Switches the code off; false when it was off already. */
    disable: async (id: number, now: string) => (await disable.run({ now, id })).changes === 1,
    upsertSeed: (c: Omit<NewRedemptionCode, 'source'>) => upsertSeed.run(c),
    page: (q: string | undefined, limit: number, offset: number): Promise<RedemptionCodeRow[]> =>
      page.all({ q: q ?? null, limit, offset }),
    count: async (q: string | undefined) => Number((await count.get({ q: q ?? null }))?.count),
  };
}

export type RedemptionRepo = ReturnType<typeof createRedemptionRepo>;
