import type { ExpressionBuilder, Selectable } from 'kysely';
import { type Engine, param, prepareQuery, sql, total, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

/** How many rows a counterparty's balance is spread over (table ledger_account_slots, migration 0052). */
export const LEDGER_SLOTS = 64;

/** A player's money: the buckets the player owns (table accounts). */
export type MoneyRow = Pick<Selectable<DB['accounts']>, 'user_id' | 'balance' | 'frozen' | 'point'>;

/**
 * A player's money beside the counters that are not money (table account_counters); `wagering_open` is how
 * many of the player's wagering requirements are open (kept by triggers, migration 0045).
 */
export type AccountRow = Selectable<DB['accounts']> & Selectable<DB['account_counters']>;

export type JournalRow = Selectable<DB['balance_journal']>;

export interface AccountChange {
  userId: number;
  amount: number;
  frozen: number;
  points: number;
  now: string;
}

export interface CounterChange {
  userId: number;
  pointEarned: number;
  deposit: number;
  depositCount: number;
  turnoverRequired: number;
  turnoverDone: number;
}

export interface JournalFilter {
  userId: number;
  type?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The journal's filters: each optional one given as null when absent. */
const journalFilter = (engine: Engine) => (e: ExpressionBuilder<DB, 'balance_journal'>) =>
  e.and([
    e('user_id', '=', param<number>('userId')),
    e.or([e('type', '=', param<string>('type')), e(typedParam<string | null>(engine, 'type', 'text'), 'is', null)]),
    e.or([
      e('created_at', '>=', param<string>('from')),
      e(typedParam<string | null>(engine, 'from', 'text'), 'is', null),
    ]),
    e.or([e('created_at', '<', param<string>('to')), e(typedParam<string | null>(engine, 'to', 'text'), 'is', null)]),
  ]);

const filterParams = (f: JournalFilter) => ({
  userId: f.userId,
  type: f.type ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createLedgerRepo(db: Db) {
  const ensure = prepareQuery(db, (b) =>
    b
      .insertInto('accounts')
      .values({ user_id: param<number>('userId'), updated_at: param<string>('now') })
      .onConflict((c) => c.doNothing()),
  );
  const ensureCounters = prepareQuery(db, (b) =>
    b
      .insertInto('account_counters')
      .values({ user_id: param<number>('userId') })
      .onConflict((c) => c.doNothing()),
  );
  const balance = prepareQuery(db, (b) =>
    b.selectFrom('accounts').select('balance').where('user_id', '=', param<number>('userId')),
  );
  const get = prepareQuery(db, (b) =>
    b
      .selectFrom('accounts as a')
      .innerJoin('account_counters as c', 'c.user_id', 'a.user_id')
      .selectAll()
      .where('a.user_id', '=', param<number>('userId')),
  );
  // The WHERE guard makes an overdraft change nothing instead of failing the CHECK.
  const change = prepareQuery(db, (b) =>
    b
      .updateTable('accounts')
      .set((e) => ({
        balance: e('balance', '+', param<number>('amount')),
        frozen: e('frozen', '+', param<number>('frozen')),
        point: e('point', '+', param<number>('points')),
        updated_at: param<string>('now'),
      }))
      .where('user_id', '=', param<number>('userId'))
      .where((e) =>
        e.and([
          e(e('balance', '+', param<number>('amount')), '>=', sql.lit(0)),
          e(e('frozen', '+', param<number>('frozen')), '>=', sql.lit(0)),
          e(e('point', '+', param<number>('points')), '>=', sql.lit(0)),
        ]),
      )
      .returning(['user_id', 'balance', 'frozen', 'point']),
  );
  const count = prepareQuery(db, (b) =>
    b
      .updateTable('account_counters')
      .set((e) => ({
        point_earned: e('point_earned', '+', param<number>('pointEarned')),
        deposit_total: e('deposit_total', '+', param<number>('deposit')),
        deposit_count: e('deposit_count', '+', param<number>('depositCount')),
        turnover_required: e('turnover_required', '+', param<number>('turnoverRequired')),
        turnover_done: e('turnover_done', '+', param<number>('turnoverDone')),
        turnover_total: e('turnover_total', '+', param<number>('turnoverDone')),
      }))
      .where('user_id', '=', param<number>('userId'))
      .returning('wagering_open'),
  );
  const addEnergy = prepareQuery(db, (b) =>
    b
      .updateTable('account_counters')
      .set((e) => ({ energy: e('energy', '+', param<number>('delta')) }))
      .where('user_id', '=', param<number>('userId'))
      .where((e) => e(e('energy', '+', param<number>('delta')), '>=', sql.lit(0))),
  );
  const counterparty = prepareQuery(db, (b) =>
    b
      .updateTable('ledger_account_slots')
      .set((e) => ({
        balance: e('balance', '-', param<number>('money')),
        point: e('point', '-', param<number>('points')),
      }))
      .where('code', '=', param<string>('code'))
      .where('slot', '=', param<number>('slot')),
  );
  const insertJournal = prepareQuery(db, (b) =>
    b
      .insertInto('balance_journal')
      .values({
        user_id: param<number>('userId'),
        type: param<string>('type'),
        amount: param<number>('amount'),
        frozen_delta: param<number>('frozen'),
        point_delta: param<number>('points'),
        balance_after: param<number>('balanceAfter'),
        frozen_after: param<number>('frozenAfter'),
        point_after: param<number>('pointAfter'),
        reference: param<string>('reference'),
        remark: param<string>('remark'),
        counterparty: param<string>('counterparty'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const counterparties = prepareQuery(db, (b) =>
    b
      .selectFrom('ledger_accounts as l')
      .leftJoin('ledger_account_slots as s', 's.code', 'l.code')
      .select(['l.code', 'l.name', total('s.balance').as('balance'), total('s.point').as('point')])
      .groupBy(['l.code', 'l.name'])
      .orderBy('l.code'),
  );
  const page = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('balance_journal')
      .selectAll()
      .where(journalFilter(engine))
      .orderBy('id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const journalCount = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('balance_journal')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where(journalFilter(engine)),
  );

  return {
    ensure: async (userId: number, now: string) => {
      await ensure.run({ userId, now });
      await ensureCounters.run({ userId });
    },
    get: (userId: number): Promise<AccountRow | undefined> => get.get({ userId }),
    /** The spendable balance alone (one primary-key read, no counters); undefined without an account. */
    balance: async (userId: number) => (await balance.get({ userId }))?.balance,
    /**
     * Applies a change of the player's buckets and answers them after it; undefined when the account does
     * not exist or the change would make a bucket negative (nothing changed).
     */
    change: (c: AccountChange): Promise<MoneyRow | undefined> => change.get({ ...c }),
    /** Adds to the counters; answers how many wagering requirements the player has open (undefined: no row). */
    count: async (c: CounterChange) => (await count.get({ ...c }))?.wagering_open,
    /** Adds (or, negative, spends) energy; false when there is too little (nothing changed). */
    addEnergy: async (userId: number, delta: number) => (await addEnergy.run({ userId, delta })).changes === 1,
    /**
     * The counterparty's side of a transfer: it gives what the player's side gets, on the player's slot
     * (migration 0052: two players' transfers never update one row).
     */
    counterparty: async (code: string, userId: number, money: number, points: number) => {
      const slot = userId % LEDGER_SLOTS;
      if ((await counterparty.run({ money, points, code, slot })).changes !== 1)
        throw new Error(`no ledger account ${code}`);
    },
    insertJournal: async (row: {
      userId: number;
      type: string;
      amount: number;
      frozen: number;
      points: number;
      balanceAfter: number;
      frozenAfter: number;
      pointAfter: number;
      reference: string;
      remark: string;
      counterparty: string;
      now: string;
    }) => (await insertJournal.get(row))!.id,
    counterparties: () => counterparties.all(),
    journalPage: (f: JournalFilter): Promise<JournalRow[]> => page.all(filterParams(f)),
    journalCount: async (f: JournalFilter) => Number((await journalCount.get(filterParams(f)))?.count ?? 0),
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
