import type { ExpressionBuilder, QueryCreator, Selectable } from 'kysely';
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

/**
 * One posting's writes (ledger service `post`): the player's buckets (guarded: nothing when an overdraft or
 * no account), the counters when `counted`, the counterparty's slot when `moved`, the journal row.
 */
export interface Move extends AccountChange, CounterChange {
  counted: boolean;
  moved: boolean;
  /** The counterparty's code, and what it gives: the player's amount + frozen, and points. */
  counterparty: string;
  type: string;
  reference: string;
  remark: string;
}

/** What a posting's writes answer: the buckets after it, the counters (when counted), the journal row. */
export interface Moved {
  after: MoneyRow;
  /** How many wagering requirements are open; undefined when the counters were not written (or have no row). */
  open: number | undefined;
  /** The player's deposits and turnover after it; undefined when the counters were not written (or have no row). */
  totals: { deposit: number; turnover: number } | undefined;
  journalId: number;
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

/**
 * The player's buckets changed by a posting (`change`, and the first write of the one-statement `move`). The
 * WHERE guard makes an overdraft change nothing instead of failing the CHECK.
 */
const changeBuckets = (b: QueryCreator<DB>) =>
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
    );

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
  // GET /api/balance in one statement (one round trip on PostgreSQL, issue 27): the account and its counters
  // beside the facts the other parts of the answer are decided from, by their own services: the player's
  // sign-up time and status and latest KYC status (the KYC part of userRiskVO, kyc service `riskFrom`), and
  // whether a pixel event waits (config service `takeFbEvents`). The same facts as the three reads it
  // replaces (kyc repo riskFacts, config repo hasPendingFbEvents), read in the same statement.
  const glance = prepareQuery(db, (b) =>
    b
      .selectFrom('accounts as a')
      .innerJoin('account_counters as c', 'c.user_id', 'a.user_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .selectAll(['a', 'c'])
      .select((e) => [
        'u.created_at as user_created_at',
        'u.status as user_status',
        e
          .selectFrom('kyc_submissions as k')
          .select('k.status')
          .whereRef('k.user_id', '=', 'a.user_id')
          .orderBy('k.id', 'desc')
          .limit(sql.lit(1))
          .as('kyc_status'),
        e
          .case()
          .when(
            e.exists(
              e
                .selectFrom('fb_events as f')
                .select(sql.lit(1).as('one'))
                .whereRef('f.user_id', '=', 'a.user_id')
                .where('f.delivered_at', 'is', null),
            ),
          )
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('fb_pending'),
      ])
      .where('a.user_id', '=', param<number>('userId')),
  );
  const change = prepareQuery(db, (b) => changeBuckets(b).returning(['user_id', 'balance', 'frozen', 'point']));
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
      .returning(['wagering_open', 'deposit_total', 'turnover_total']),
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
  // PostgreSQL: a posting's four writes in one statement (data-modifying CTEs), so a bet's transaction
  // costs one round trip for them instead of four (docs/performance.md). Each later write reads the
  // guarded UPDATE's RETURNING, so an overdraft or a missing account writes nothing at all. SQLite has no
  // data-modifying CTE (and a statement there costs no round trip): the same writes one after another.
  const movePg =
    db.engine === 'postgres'
      ? prepareQuery(db, (b, engine) =>
          b
            .with('a', (w) => changeBuckets(w).returning(['user_id', 'balance', 'frozen', 'point']))
            .with('c', (w) =>
              w
                .updateTable('account_counters')
                .from('a')
                .set((e) => ({
                  point_earned: e('point_earned', '+', param<number>('pointEarned')),
                  deposit_total: e('deposit_total', '+', param<number>('deposit')),
                  deposit_count: e('deposit_count', '+', param<number>('depositCount')),
                  turnover_required: e('turnover_required', '+', param<number>('turnoverRequired')),
                  turnover_done: e('turnover_done', '+', param<number>('turnoverDone')),
                  turnover_total: e('turnover_total', '+', param<number>('turnoverDone')),
                }))
                .whereRef('account_counters.user_id', '=', 'a.user_id')
                .where(typedParam<number>(engine, 'counted', 'integer'), '=', sql.lit(1))
                .returning([
                  'account_counters.wagering_open',
                  'account_counters.deposit_total',
                  'account_counters.turnover_total',
                ]),
            )
            .with('s', (w) =>
              w
                .updateTable('ledger_account_slots')
                .from('a')
                .set((e) => ({
                  balance: e('ledger_account_slots.balance', '-', param<number>('money')),
                  point: e('ledger_account_slots.point', '-', param<number>('points')),
                }))
                .where('code', '=', param<string>('counterparty'))
                .where('slot', '=', param<number>('slot'))
                .where(typedParam<number>(engine, 'moved', 'integer'), '=', sql.lit(1))
                .returning('ledger_account_slots.slot'),
            )
            .with('j', (w) =>
              w
                .insertInto('balance_journal')
                .columns([
                  'user_id',
                  'type',
                  'amount',
                  'frozen_delta',
                  'point_delta',
                  'balance_after',
                  'frozen_after',
                  'point_after',
                  'reference',
                  'remark',
                  'counterparty',
                  'created_at',
                ])
                .expression((e) =>
                  e
                    .selectFrom('a')
                    .select([
                      'a.user_id',
                      typedParam<string>(engine, 'type', 'text').as('type'),
                      typedParam<number>(engine, 'amount', 'bigint').as('amount'),
                      typedParam<number>(engine, 'frozen', 'bigint').as('frozen_delta'),
                      typedParam<number>(engine, 'points', 'bigint').as('point_delta'),
                      'a.balance',
                      'a.frozen',
                      'a.point',
                      typedParam<string>(engine, 'reference', 'text').as('reference'),
                      typedParam<string>(engine, 'remark', 'text').as('remark'),
                      typedParam<string>(engine, 'counterparty', 'text').as('counterparty'),
                      typedParam<string>(engine, 'now', 'text').as('created_at'),
                    ]),
                )
                .returning('id'),
            )
            .selectFrom('a')
            .select((e) => [
              'a.user_id',
              'a.balance',
              'a.frozen',
              'a.point',
              e.selectFrom('c').select('c.wagering_open').as('wagering_open'),
              e.selectFrom('c').select('c.deposit_total').as('deposit_total'),
              e.selectFrom('c').select('c.turnover_total').as('turnover_total'),
              e
                .selectFrom('s')
                .select((s) => s.fn.countAll<number>().as('n'))
                .as('slots'),
              e.selectFrom('j').select('j.id').as('journal_id'),
            ]),
        )
      : undefined;
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

  /** The counterparty's row a player's transfers update (migration 0052: two players' never update one row). */
  const slotOf = (userId: number) => userId % LEDGER_SLOTS;
  const noSlot = (code: string) => new Error(`no ledger account ${code}`);

  /** What the counters' write answered (no row when not written, or the player has none). */
  const countersOf = (
    row: { wagering_open: number | null; deposit_total: number | null; turnover_total: number | null } | undefined,
  ): Pick<Moved, 'open' | 'totals'> =>
    row?.wagering_open === null || row?.wagering_open === undefined
      ? { open: undefined, totals: undefined }
      : {
          open: row.wagering_open,
          totals: { deposit: Number(row.deposit_total), turnover: Number(row.turnover_total) },
        };

  /** A posting's writes, one after another (SQLite). */
  async function moveInSteps(m: Move): Promise<Moved | undefined> {
    const after = await change.get({ ...m });
    if (!after) return undefined;
    const counters = m.counted ? await count.get({ ...m }) : undefined;
    if (m.moved) {
      const money = m.amount + m.frozen;
      const slot = slotOf(m.userId);
      if ((await counterparty.run({ money, points: m.points, code: m.counterparty, slot })).changes !== 1)
        throw noSlot(m.counterparty);
    }
    const journal = await insertJournal.get({
      ...m,
      balanceAfter: after.balance,
      frozenAfter: after.frozen,
      pointAfter: after.point,
    });
    return { after, ...countersOf(counters), journalId: journal!.id };
  }

  /** A posting's writes in one statement (PostgreSQL). */
  async function moveAtOnce(query: NonNullable<typeof movePg>, m: Move): Promise<Moved | undefined> {
    const row = await query.get({
      ...m,
      counted: m.counted ? 1 : 0,
      moved: m.moved ? 1 : 0,
      money: m.amount + m.frozen,
      slot: slotOf(m.userId),
    });
    if (!row) return undefined;
    if (m.moved && Number(row.slots) !== 1) throw noSlot(m.counterparty);
    const { user_id, balance, frozen, point } = row;
    return {
      after: { user_id, balance, frozen, point },
      ...countersOf(m.counted ? row : undefined),
      journalId: row.journal_id as number,
    };
  }

  return {
    ensure: async (userId: number, now: string) => {
      await ensure.run({ userId, now });
      await ensureCounters.run({ userId });
    },
    get: (userId: number): Promise<AccountRow | undefined> => get.get({ userId }),
    /** The account with the facts the rest of GET /api/balance needs (see `glance` above); none without an account. */
    glance: (userId: number) => glance.get({ userId }),
    /** The spendable balance alone (one primary-key read, no counters); undefined without an account. */
    balance: async (userId: number) => (await balance.get({ userId }))?.balance,
    /**
     * A posting's writes (the buckets, the counters, the counterparty's slot, the journal row); undefined,
     * having written nothing, when the account does not exist or a bucket would go negative.
     */
    move: (m: Move): Promise<Moved | undefined> => (movePg ? moveAtOnce(movePg, m) : moveInSteps(m)),
    /** Adds (or, negative, spends) energy; false when there is too little (nothing changed). */
    addEnergy: async (userId: number, delta: number) => (await addEnergy.run({ userId, delta })).changes === 1,
    counterparties: () => counterparties.all(),
    journalPage: (f: JournalFilter): Promise<JournalRow[]> => page.all(filterParams(f)),
    journalCount: async (f: JournalFilter) => Number((await journalCount.get(filterParams(f)))?.count ?? 0),
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
