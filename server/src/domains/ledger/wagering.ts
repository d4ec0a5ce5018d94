import type { Selectable } from 'kysely';
import { param, prepareQuery, sql, total } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type WageringState = 'open' | 'met' | 'forfeited';

/**
 * One wagering requirement (table wagering_requirements): the turnover a bonus asks before it is cash.
 * `forfeited_by` is what forfeited it (the reference of the posting or of the round settled): its rollback
 * opens it again.
 */
export type WageringRow = Omit<Selectable<DB['wagering_requirements']>, 'state'> & { state: WageringState };

/** What opens a requirement: a bonus credited with a turnover multiple (centavos). */
export interface WageringGrant {
  source: string;
  bonus: number;
  required: number;
}

/**
 * Bonus money ring-fenced (docs/money.md "Wagering requirements"). Each bonus with a turnover multiple
 * opens its own requirement; while it is open its bonus is locked (not withdrawable), the rest of the
 * balance is not. All of it runs inside the ledger's transaction of the posting that causes it.
 */
export function createWagering(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b.insertInto('wagering_requirements').values({
      user_id: param<number>('userId'),
      source: param<string>('source'),
      reference: param<string>('reference'),
      bonus: param<number>('bonus'),
      required: param<number>('required'),
      created_at: param<string>('now'),
    }),
  );
  const open = prepareQuery(db, (b) =>
    b
      .selectFrom('wagering_requirements')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .where('state', '=', sql.lit('open'))
      .orderBy('id')
      .$narrowType<{ state: WageringState }>(),
  );
  const locked = prepareQuery(db, (b) =>
    b
      .selectFrom('wagering_requirements')
      .select(total('bonus').as('locked'))
      .where('user_id', '=', param<number>('userId'))
      .where('state', '=', sql.lit('open')),
  );
  const addDone = prepareQuery(db, (b) =>
    b
      .updateTable('wagering_requirements')
      .set((e) => ({
        done: e('done', '+', param<number>('amount')),
        state: e
          .case()
          .when(e(e('done', '+', param<number>('amount')), '>=', e.ref('required')))
          .then(sql.lit<'met'>('met'))
          .else(sql.lit<'open'>('open'))
          .end(),
        closed_at: e
          .case()
          .when(e(e('done', '+', param<number>('amount')), '>=', e.ref('required')))
          .then(param<string>('now'))
          .else(sql.lit(null))
          .end(),
      }))
      .where('id', '=', param<number>('id'))
      .where('state', '=', sql.lit('open')),
  );
  const takeBack = prepareQuery(db, (b) =>
    b
      .updateTable('wagering_requirements')
      .set((e) => ({
        done: e('done', '-', param<number>('amount')),
        state: e.case().when('state', '=', sql.lit('met')).then(sql.lit<'open'>('open')).else(e.ref('state')).end(),
        closed_at: e.case().when('state', '=', sql.lit('met')).then(sql.lit(null)).else(e.ref('closed_at')).end(),
      }))
      .where('id', '=', param<number>('id')),
  );
  const insertBet = prepareQuery(db, (b) =>
    b.insertInto('wagering_bets').values({
      requirement_id: param<number>('requirementId'),
      user_id: param<number>('userId'),
      reference: param<string>('reference'),
      amount: param<number>('amount'),
    }),
  );
  const betsOf = prepareQuery(db, (b) =>
    b
      .selectFrom('wagering_bets')
      .select(['requirement_id', 'amount'])
      .where('user_id', '=', param<number>('userId'))
      .where('reference', '=', param<string>('reference')),
  );
  const deleteBets = prepareQuery(db, (b) =>
    b
      .deleteFrom('wagering_bets')
      .where('user_id', '=', param<number>('userId'))
      .where('reference', '=', param<string>('reference')),
  );
  const forfeit = prepareQuery(db, (b) =>
    b
      .updateTable('wagering_requirements')
      .set({ state: sql.lit('forfeited'), closed_at: param<string>('now'), forfeited_by: param<string>('reference') })
      .where('user_id', '=', param<number>('userId'))
      .where('state', '=', sql.lit('open')),
  );
  const reopen = prepareQuery(db, (b) =>
    b
      .updateTable('wagering_requirements')
      .set({ state: sql.lit('open'), closed_at: sql.lit(null), forfeited_by: sql.lit(null) })
      .where('user_id', '=', param<number>('userId'))
      .where('state', '=', sql.lit('forfeited'))
      .where('forfeited_by', '=', param<string>('reference')),
  );

  return {
    /** Opens a requirement for a bonus just credited (nothing when it asks no turnover). */
    async start(userId: number, reference: string, g: WageringGrant, now: string) {
      if (g.bonus <= 0 || g.required <= 0) return;
      await insert.run({ userId, source: g.source, reference, bonus: g.bonus, required: g.required, now });
    },
    /**
     * A bet of `amount` counts toward the open requirements oldest first (by the order they were opened):
     * each takes what it still needs, the next one the rest, until the bet is used up. A requirement whose
     * turnover is done becomes met. What went where is kept for the rollback.
     */
    async bet(userId: number, reference: string, amount: number, now: string) {
      let left = amount;
      for (const r of await open.all({ userId })) {
        if (left <= 0) break;
        const take = Math.min(left, r.required - r.done);
        if (take <= 0) continue;
        await addDone.run({ id: r.id, amount: take, now });
        await insertBet.run({ requirementId: r.id, userId, reference, amount: take });
        left -= take;
      }
    },
    /**
     * A rolled-back bet never counted: what it gave each requirement is taken back, and a requirement it
     * had completed is open again. A requirement this very reference forfeited is open again too (the move
     * that lost the bonus never happened); one forfeited by something else stays forfeited.
     */
    async rollback(userId: number, reference: string) {
      for (const b of await betsOf.all({ userId, reference })) {
        await takeBack.run({ id: b.requirement_id, amount: b.amount });
      }
      await deleteBets.run({ userId, reference });
      await reopen.run({ userId, reference });
    },
    /**
     * The bonuses were staked and lost (balance 0, nothing left in play): their requirements lock nothing
     * more. `reference` (the posting's or the settled round's) is kept, so that its rollback undoes this.
     */
    forfeit: (userId: number, reference: string, now: string) => forfeit.run({ now, reference, userId }),
    /** The bonus locked by the open requirements (centavos). */
    locked: async (userId: number) => (await locked.get({ userId }))?.locked ?? 0,
    /** The open requirements, oldest first. */
    open: (userId: number): Promise<WageringRow[]> => open.all({ userId }),
  };
}

export type Wagering = ReturnType<typeof createWagering>;
