import { expressionBuilder, type Selectable } from 'kysely';
import { type Builder, type Engine, param, prepareQuery, sql, total, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';
import type { WithdrawStatus } from './transitions';

/** A table's row with some columns typed more narrowly than the schema says (the query's `$narrowType`). */
type Narrowed<Row, Narrow> = Omit<Row, keyof Narrow> & Narrow;

type Bank = 'gcash' | 'maya';

type WalletNarrow = { bank: Bank };
export type WalletRow = Narrowed<Selectable<DB['user_wallets']>, WalletNarrow>;

/** `set_by_operator` is 1 once an operator changed the row: the seed leaves it alone from then on. */
export type LimitRow = Selectable<DB['withdraw_limits']>;

export type PayoutResult = 'success' | 'failed' | 'exception';

type WithdrawalNarrow = { bank: Bank; status: WithdrawStatus; payout_result: PayoutResult | null };
export type WithdrawalRow = Narrowed<Selectable<DB['withdrawals']>, WithdrawalNarrow>;

/** A withdrawal beside its player, for the operator. */
export interface OpsWithdrawalRow extends WithdrawalRow {
  uid: number;
  username: string;
  vip_level: number;
  kyc_name: string | null;
}

type EventNarrow = { from_status: WithdrawStatus | null; to_status: WithdrawStatus };
export type EventRow = Narrowed<Selectable<DB['withdrawal_events']>, EventNarrow>;

export interface WithdrawalFilter {
  userId: number | null;
  status?: number;
  orderNo?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/**
 * `(w.col = @x OR @x IS NULL) AND ...`: each filter is off when its value is null. `owned`: one player's
 * orders, `w.user_id = @userId` as such, so the index on user_id serves them (an optional one cannot).
 */
function filter(engine: Engine, owned = false) {
  const e = expressionBuilder<{ w: DB['withdrawals'] }, 'w'>();
  return e.and([
    owned
      ? e('w.user_id', '=', param<number>('userId'))
      : e.or([e('w.user_id', '=', param<number>('userId')), e(typedParam(engine, 'userId', 'bigint'), 'is', null)]),
    e.or([e('w.status', '=', param<number>('status')), e(typedParam(engine, 'status', 'bigint'), 'is', null)]),
    e.or([e('w.order_no', '=', param<string>('orderNo')), e(typedParam(engine, 'orderNo', 'text'), 'is', null)]),
    e.or([e('w.created_at', '>=', param<string>('from')), e(typedParam(engine, 'from', 'text'), 'is', null)]),
    e.or([e('w.created_at', '<', param<string>('to')), e(typedParam(engine, 'to', 'text'), 'is', null)]),
  ]);
}

const filterParams = (f: WithdrawalFilter) => ({
  userId: f.userId,
  status: f.status ?? null,
  orderNo: f.orderNo ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createWithdrawRepo(db: Db) {
  const wallet = prepareQuery(db, (b) =>
    b.selectFrom('user_wallets').selectAll().where('user_id', '=', param<number>('userId')).$narrowType<WalletNarrow>(),
  );
  const walletOwner = prepareQuery(db, (b) =>
    b
      .selectFrom('user_wallets')
      .select('user_id')
      .where('bank', '=', param<string>('bank'))
      .where('account', '=', param<string>('account')),
  );
  const insertWallet = prepareQuery(db, (b) =>
    b
      .insertInto('user_wallets')
      .values({
        user_id: param<number>('userId'),
        bank: param<string>('bank'),
        name: param<string>('name'),
        account: param<string>('account'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.doNothing()),
  );

  const limits = prepareQuery(db, (b) => b.selectFrom('withdraw_limits').selectAll().orderBy('vip_level'));
  const limitFor = prepareQuery(db, (b) =>
    b
      .selectFrom('withdraw_limits')
      .selectAll()
      .where('vip_level', '<=', param<number>('vipLevel'))
      .orderBy('vip_level', 'desc')
      .limit(sql.lit(1)),
  );
  const limitOfUser = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .innerJoin('withdraw_limits as w', (j) => j.onRef('w.vip_level', '<=', 'u.vip_level'))
      .selectAll('w')
      .where('u.id', '=', param<number>('userId'))
      .orderBy('w.vip_level', 'desc')
      .limit(sql.lit(1)),
  );
  const setLimit = prepareQuery(db, (b) =>
    b
      .updateTable('withdraw_limits')
      .set({
        daily_amount: param<number>('dailyAmount'),
        daily_count: param<number>('dailyCount'),
        set_by_operator: sql.lit(1),
      })
      .where('vip_level', '=', param<number>('vipLevel')),
  );
  const tradePasswordHash = prepareQuery(db, (b) =>
    b.selectFrom('users').select('trade_password_hash').where('id', '=', param<number>('userId')),
  );
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('withdraw_settings').select('value').where('key', '=', param<string>('key')),
  );
  const allSettings = prepareQuery(db, (b) => b.selectFrom('withdraw_settings').select(['key', 'value']));
  const setSetting = prepareQuery(db, (b) =>
    b
      .insertInto('withdraw_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((u) => ({ value: u.ref('excluded.value') }))),
  );
  const deleteSetting = prepareQuery(db, (b) =>
    b.deleteFrom('withdraw_settings').where('key', '=', param<string>('key')),
  );

  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('withdrawals')
      .values({
        order_no: param<string>('orderNo'),
        user_id: param<number>('userId'),
        amount: param<number>('amount'),
        fee: param<number>('fee'),
        bank: param<string>('bank'),
        wallet_name: param<string>('walletName'),
        wallet_account: param<string>('walletAccount'),
        manila_day: param<string>('manilaDay'),
        created_at: param<string>('now'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) => c.column('order_no').doNothing())
      .returningAll()
      .$narrowType<WithdrawalNarrow>(),
  );
  const byOrderNo = prepareQuery(db, (b) =>
    b
      .selectFrom('withdrawals')
      .selectAll()
      .where('order_no', '=', param<string>('orderNo'))
      .$narrowType<WithdrawalNarrow>(),
  );
  const opsSelect = (b: Builder) =>
    b
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .selectAll('w')
      .select((e) => [
        'u.uid',
        'u.username',
        'u.vip_level',
        e
          .selectFrom('kyc_submissions as k')
          .select('k.real_name')
          .whereRef('k.user_id', '=', 'w.user_id')
          .where('k.status', '=', sql.lit('verified'))
          .as('kyc_name'),
      ])
      .$narrowType<WithdrawalNarrow>();
  const opsByOrderNo = prepareQuery(db, (b) => opsSelect(b).where('w.order_no', '=', param<string>('orderNo')));
  // Rejected (4) and Failed (3) gave the money back, so they do not use up the day's limits.
  const dayTotals = prepareQuery(db, (b) =>
    b
      .selectFrom('withdrawals')
      .select((e) => [e.fn.countAll<number>().as('count'), total('amount').as('amount')])
      .where('user_id', '=', param<number>('userId'))
      .where('manila_day', '=', param<string>('day'))
      .where('status', 'not in', [sql.lit(3), sql.lit(4)]),
  );
  // The conditional UPDATE of every transition: it changes nothing unless the order is still `from`.
  const move = prepareQuery(db, (b) =>
    b
      .updateTable('withdrawals')
      .set((e) => ({
        status: param<number>('to'),
        remark: e.fn.coalesce(param<string | null>('remark'), e.ref('remark')),
        updated_at: param<string>('now'),
        payout_ref: e.fn.coalesce(param<string | null>('payoutRef'), e.ref('payout_ref')),
        payout_result: e.fn.coalesce(param<PayoutResult | null>('payoutResult'), e.ref('payout_result')),
        payout_due_at: e
          .case()
          .when(sql`cast(${param('to')} as bigint)`, '=', sql.lit(6))
          .then(param<string | null>('payoutDueAt'))
          .else(sql.lit(null))
          .end(),
      }))
      .where('id', '=', param<number>('id'))
      .where('status', '=', param<number>('from')),
  );
  const insertEvent = prepareQuery(db, (b) =>
    b.insertInto('withdrawal_events').values({
      withdrawal_id: param<number>('withdrawalId'),
      from_status: param<number | null>('from'),
      to_status: param<number>('to'),
      actor: param<string>('actor'),
      reason: param<string>('reason'),
      created_at: param<string>('now'),
    }),
  );
  const events = prepareQuery(db, (b) =>
    b
      .selectFrom('withdrawal_events')
      .selectAll()
      .where('withdrawal_id', '=', param<number>('withdrawalId'))
      .orderBy('id')
      .$narrowType<EventNarrow>(),
  );
  const due = prepareQuery(db, (b) =>
    b
      .selectFrom('withdrawals')
      .selectAll()
      .where('status', '=', sql.lit(6))
      .where('payout_due_at', '<=', param<string>('now'))
      .orderBy('id')
      .$narrowType<WithdrawalNarrow>(),
  );
  const pageOf = (owned: boolean) =>
    prepareQuery(db, (b, engine) =>
      b
        .selectFrom('withdrawals as w')
        .selectAll('w')
        .where(filter(engine, owned))
        .orderBy('w.id', 'desc')
        .limit(param<number>('limit'))
        .offset(param<number>('offset'))
        .$narrowType<WithdrawalNarrow>(),
    );
  const pages = { owned: pageOf(true), any: pageOf(false) };
  const opsPage = prepareQuery(db, (b, engine) =>
    opsSelect(b)
      .where(filter(engine))
      .orderBy('w.id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const countOf = (owned: boolean) =>
    prepareQuery(db, (b, engine) =>
      b
        .selectFrom('withdrawals as w')
        .select((e) => e.fn.countAll<number>().as('count'))
        .where(filter(engine, owned)),
    );
  const counts = { owned: countOf(true), any: countOf(false) };
  const scope = (f: WithdrawalFilter) => (f.userId === null ? 'any' : 'owned');

  const burnCaptcha = prepareQuery(db, (b) =>
    b
      .insertInto('captchas')
      .values({
        token_hash: param<string>('tokenHash'),
        user_id: param<number>('userId'),
        correct: param<number>('correct'),
        expires_at: param<string>('expiresAt'),
        used_at: param<string>('now'),
      })
      .onConflict((c) => c.column('token_hash').doNothing()),
  );
  const captchaBurned = prepareQuery(db, (b) =>
    b.selectFrom('captchas').select(sql.lit(1).as('one')).where('token_hash', '=', param<string>('tokenHash')),
  );
  const purgeCaptchas = prepareQuery(db, (b) =>
    b.deleteFrom('captchas').where('expires_at', '<', param<string>('before')),
  );

  return {
    wallet: (userId: number): Promise<WalletRow | undefined> => wallet.get({ userId }),
    walletOwner: async (bank: string, account: string) => (await walletOwner.get({ bank, account }))?.user_id,
    /** Binds a wallet; false when the player already has one or the account is taken. */
    insertWallet: async (w: { userId: number; bank: string; name: string; account: string; now: string }) =>
      (await insertWallet.run(w)).changes > 0,

    limits: (): Promise<LimitRow[]> => limits.all(),
    /** An operator's change of a level's limits (centavos, count); false when the level has no row. */
    setLimit: async (vipLevel: number, dailyAmount: number, dailyCount: number) =>
      (await setLimit.run({ dailyAmount, dailyCount, vipLevel })).changes > 0,
    /** The limits of a VIP level (or of the highest level below it that has a row). */
    limitFor: (vipLevel: number): Promise<LimitRow | undefined> => limitFor.get({ vipLevel }),
    /** The limits of the player's VIP level (as limitFor), in one read. */
    limitOfUser: (userId: number): Promise<LimitRow | undefined> => limitOfUser.get({ userId }),
    /** The player's stored transaction password hash (argon2id), or null when none is set. */
    tradePasswordHash: async (userId: number) => (await tradePasswordHash.get({ userId }))?.trade_password_hash ?? null,
    setting: async <T>(key: string, fallback: T): Promise<T> => {
      const row = await setting.get({ key });
      return row === undefined ? fallback : (JSON.parse(row.value) as T);
    },
    hasSetting: async (key: string) => (await setting.get({ key })) !== undefined,
    /** Every setting the operator stored, parsed (one read). */
    async settings(): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      for (const row of await allSettings.all()) out[row.key] = JSON.parse(row.value);
      return out;
    },
    setSetting: (key: string, value: unknown) => setSetting.run({ key, value: JSON.stringify(value) }),
    deleteSetting: (key: string) => deleteSetting.run({ key }),

    /** Inserts an order; undefined when its order number is taken (nothing inserted). */
    insert: (w: {
      orderNo: string;
      userId: number;
      amount: number;
      fee: number;
      bank: string;
      walletName: string;
      walletAccount: string;
      manilaDay: string;
      now: string;
    }): Promise<WithdrawalRow | undefined> => insert.get(w),
    byOrderNo: (orderNo: string): Promise<WithdrawalRow | undefined> => byOrderNo.get({ orderNo }),
    opsByOrderNo: (orderNo: string): Promise<OpsWithdrawalRow | undefined> => opsByOrderNo.get({ orderNo }),
    dayTotals: async (userId: number, day: string) => (await dayTotals.get({ userId, day }))!,
    /** Moves an order from `from` to `to`; false when it is no longer `from` (someone else acted first). */
    move: async (m: {
      id: number;
      from: WithdrawStatus;
      to: WithdrawStatus;
      remark: string | null;
      now: string;
      payoutRef?: string | null;
      payoutResult?: PayoutResult | null;
      payoutDueAt?: string | null;
    }) => (await move.run({ payoutRef: null, payoutResult: null, payoutDueAt: null, ...m })).changes > 0,
    insertEvent: (e: {
      withdrawalId: number;
      from: WithdrawStatus | null;
      to: WithdrawStatus;
      actor: string;
      reason: string;
      now: string;
    }) => insertEvent.run(e),
    events: (withdrawalId: number): Promise<EventRow[]> => events.all({ withdrawalId }),
    due: (now: string): Promise<WithdrawalRow[]> => due.all({ now }),
    page: (f: WithdrawalFilter): Promise<WithdrawalRow[]> => pages[scope(f)].all(filterParams(f)),
    opsPage: (f: WithdrawalFilter): Promise<OpsWithdrawalRow[]> => opsPage.all(filterParams(f)),
    count: async (f: WithdrawalFilter) => Number((await counts[scope(f)].get(filterParams(f)))?.count),

    /** Burns a captcha token; false when it was already used. */
    burnCaptcha: async (c: { tokenHash: string; userId: number; correct: boolean; expiresAt: string; now: string }) =>
      (await burnCaptcha.run({ ...c, correct: c.correct ? 1 : 0 })).changes > 0,
    captchaBurned: async (tokenHash: string) => (await captchaBurned.get({ tokenHash })) !== undefined,
    purgeCaptchas: (before: string) => purgeCaptchas.run({ before }),
  };
}

export type WithdrawRepo = ReturnType<typeof createWithdrawRepo>;
