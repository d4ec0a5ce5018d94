import { expressionBuilder, type Selectable } from 'kysely';
import { type Builder, type Engine, param, prepareQuery, sql, total, typedParam } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

/** A table's row with some columns typed more narrowly than the schema says (the query's `$narrowType`). */
type Narrowed<Row, Narrow> = Omit<Row, keyof Narrow> & Narrow;

type ChannelNarrow = { code: 'gcash' | 'maya' };
export type ChannelRow = Narrowed<Selectable<DB['payment_channels']>, ChannelNarrow>;

type CouponStatus = 'available' | 'used' | 'expired';
type CouponNarrow = { status: CouponStatus };
/** A player's coupon beside its template's terms. */
export type CouponRow = Narrowed<Selectable<DB['user_coupons']>, CouponNarrow> &
  Pick<
    Selectable<DB['coupon_templates']>,
    'name_en' | 'name_vi' | 'bonus_percent' | 'max_bonus' | 'min_deposit' | 'turnover_multiple'
  >;

type DepositNarrow = { channel: 'gcash' | 'maya'; status: 0 | 1 | 2 | 3 };
/** `bonus_turnover` is the part of turnover_required asked by the coupon bonus (opens a wagering requirement). */
export type DepositRow = Narrowed<Selectable<DB['deposits']>, DepositNarrow>;

export interface DepositFilter {
  userId: number | null;
  status?: number;
  from?: string;
  to?: string;
  orderNo?: string;
  limit: number;
  offset: number;
}

/**
 * `(col = @x OR @x IS NULL) AND ...`: each filter is off when its value is null. `owned`: one player's
 * orders, `user_id = @userId` as such, so the index on user_id serves them (an optional one cannot).
 */
function filter(engine: Engine, owned: boolean) {
  const e = expressionBuilder<DB, 'deposits'>();
  return e.and([
    owned
      ? e('user_id', '=', param<number>('userId'))
      : e.or([e('user_id', '=', param<number>('userId')), e(typedParam(engine, 'userId', 'bigint'), 'is', null)]),
    e.or([e('status', '=', param<number>('status')), e(typedParam(engine, 'status', 'bigint'), 'is', null)]),
    e.or([e('created_at', '>=', param<string>('from')), e(typedParam(engine, 'from', 'text'), 'is', null)]),
    e.or([e('created_at', '<', param<string>('to')), e(typedParam(engine, 'to', 'text'), 'is', null)]),
    e.or([e('order_no', '=', param<string>('orderNo')), e(typedParam(engine, 'orderNo', 'text'), 'is', null)]),
  ]);
}

const filterParams = (f: DepositFilter) => ({
  userId: f.userId,
  status: f.status ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  orderNo: f.orderNo ?? null,
  limit: f.limit,
  offset: f.offset,
});

const couponSelect = (b: Builder) =>
  b
    .selectFrom('user_coupons as c')
    .innerJoin('coupon_templates as t', 't.code', 'c.template_code')
    .selectAll('c')
    .select(['t.name_en', 't.name_vi', 't.bonus_percent', 't.max_bonus', 't.min_deposit', 't.turnover_multiple'])
    .$narrowType<CouponNarrow>();

export function createDepositRepo(db: Db) {
  const channels = prepareQuery(db, (b) =>
    b.selectFrom('payment_channels').selectAll().orderBy('sort_order').orderBy('code').$narrowType<ChannelNarrow>(),
  );
  const channel = prepareQuery(db, (b) =>
    b.selectFrom('payment_channels').selectAll().where('code', '=', param<string>('code')).$narrowType<ChannelNarrow>(),
  );
  const setChannel = prepareQuery(db, (b) =>
    b
      .updateTable('payment_channels')
      .set((e) => ({
        enabled: e.fn.coalesce(param<number | null>('enabled'), e.ref('enabled')),
        min_amount: e.fn.coalesce(param<number | null>('min'), e.ref('min_amount')),
        max_amount: e.fn.coalesce(param<number | null>('max'), e.ref('max_amount')),
      }))
      .where('code', '=', param<string>('code')),
  );
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('payment_settings').select('value').where('key', '=', param<string>('key')),
  );
  const template = prepareQuery(db, (b) =>
    b.selectFrom('coupon_templates').selectAll().where('code', '=', param<string>('code')),
  );
  const grantCoupon = prepareQuery(db, (b) =>
    b
      .insertInto('user_coupons')
      .values({
        user_id: param<number>('userId'),
        template_code: param<string>('code'),
        source: param<string>('source'),
        granted_at: param<string>('now'),
        expires_at: param<string>('expiresAt'),
      })
      .returning('id'),
  );
  const couponsOf = prepareQuery(db, (b) =>
    couponSelect(b)
      .where('c.user_id', '=', param<number>('userId'))
      .orderBy((e) => e('c.status', '=', sql.lit('available')), 'desc')
      .orderBy('c.expires_at'),
  );
  const coupon = prepareQuery(db, (b) =>
    couponSelect(b).where('c.id', '=', param<number>('id')).where('c.user_id', '=', param<number>('userId')),
  );
  const reserveCoupon = prepareQuery(db, (b) =>
    b
      .updateTable('user_coupons')
      .set({ status: sql.lit('used'), order_no: param<string>('orderNo'), used_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('available')),
  );
  const releaseCoupon = prepareQuery(db, (b) =>
    b
      .updateTable('user_coupons')
      .set((e) => ({
        status: e
          .case()
          .when('expires_at', '<=', param<string>('now'))
          .then(sql.lit<CouponStatus>('expired'))
          .else(sql.lit<CouponStatus>('available'))
          .end(),
        order_no: sql.lit(null),
        used_at: sql.lit(null),
      }))
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit('used')),
  );
  // A late SUCCESS for an order whose coupon was freed (a cancel, a time-out): the coupon again, if still free.
  const retakeCoupon = prepareQuery(db, (b) =>
    b
      .updateTable('user_coupons')
      .set({ status: sql.lit('used'), order_no: param<string>('orderNo'), used_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where((e) =>
        e.or([
          e('status', '=', sql.lit('available')),
          e.and([e('status', '=', sql.lit('used')), e('order_no', '=', param<string>('orderNo'))]),
        ]),
      ),
  );
  const dropBonus = prepareQuery(db, (b) =>
    b
      .updateTable('deposits')
      .set((e) => ({
        bonus: sql.lit(0),
        turnover_required: e('turnover_required', '-', e.ref('bonus_turnover')),
        bonus_turnover: sql.lit(0),
        coupon_id: sql.lit(null),
      }))
      .where('id', '=', param<number>('id')),
  );
  const expireCoupons = prepareQuery(db, (b) =>
    b
      .updateTable('user_coupons')
      .set({ status: sql.lit('expired') })
      .where('status', '=', sql.lit('available'))
      .where('expires_at', '<=', param<string>('now')),
  );
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('deposits')
      .values({
        order_no: param<string>('orderNo'),
        user_id: param<number>('userId'),
        channel: param<string>('channel'),
        amount: param<number>('amount'),
        bonus: param<number>('bonus'),
        fee: param<number>('fee'),
        coupon_id: param<number | null>('couponId'),
        turnover_required: param<number>('turnoverRequired'),
        bonus_turnover: param<number>('bonusTurnover'),
        created_at: param<string>('now'),
        expires_at: param<string>('expiresAt'),
      })
      .returning('id'),
  );
  const byOrderNo = prepareQuery(db, (b) =>
    b.selectFrom('deposits').selectAll().where('order_no', '=', param<string>('orderNo')).$narrowType<DepositNarrow>(),
  );
  const settle = prepareQuery(db, (b) =>
    b
      .updateTable('deposits')
      .set((e) => ({
        status: param<number>('status'),
        paid_at: param<string | null>('paidAt'),
        settled_at: param<string>('now'),
        gateway_ref: param<string>('gatewayRef'),
        payer_mobile: e.fn.coalesce(param<string | null>('payerMobile'), e.ref('payer_mobile')),
      }))
      .where('id', '=', param<number>('id'))
      .where((e) =>
        e.or([
          e('status', 'in', [sql.lit(0), sql.lit(3)]),
          e.and([e('status', '=', sql.lit(2)), e('gateway_ref', 'is', null)]),
        ]),
      ),
  );
  // A player's cancel: Failed without a gateway answer (so a late SUCCESS still credits, as for a Timeout).
  const cancel = prepareQuery(db, (b) =>
    b
      .updateTable('deposits')
      .set({ status: sql.lit(2), settled_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit(0)),
  );
  const recordCallback = prepareQuery(db, (b) =>
    b
      .updateTable('deposits')
      .set((e) => ({
        callback_count: e('callback_count', '+', sql.lit(1)),
        first_answer: e.fn.coalesce('first_answer', param<string>('answer')),
      }))
      .where('id', '=', param<number>('id')),
  );
  const overdue = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .selectAll()
      .where('status', '=', sql.lit(0))
      .where('expires_at', '<=', param<string>('now'))
      .$narrowType<DepositNarrow>(),
  );
  const pendingOf = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .where('status', '=', sql.lit(0))
      .orderBy('id')
      .$narrowType<DepositNarrow>(),
  );
  const countedSince = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .select(total('amount').as('amount'))
      .where('user_id', '=', param<number>('userId'))
      .where('created_at', '>=', param<string>('since'))
      .where('status', 'in', [sql.lit(0), sql.lit(1)]),
  );
  const timeOut = prepareQuery(db, (b) =>
    b
      .updateTable('deposits')
      .set({ status: sql.lit(3), settled_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('status', '=', sql.lit(0)),
  );
  const pageOf = (owned: boolean) =>
    prepareQuery(db, (b, engine) =>
      b
        .selectFrom('deposits')
        .selectAll()
        .where(filter(engine, owned))
        .orderBy('id', 'desc')
        .limit(param<number>('limit'))
        .offset(param<number>('offset'))
        .$narrowType<DepositNarrow>(),
    );
  const countOf = (owned: boolean) =>
    prepareQuery(db, (b, engine) =>
      b
        .selectFrom('deposits')
        .select((e) => e.fn.countAll<number>().as('count'))
        .where(filter(engine, owned)),
    );
  const pages = { owned: pageOf(true), any: pageOf(false) };
  const counts = { owned: countOf(true), any: countOf(false) };
  const scope = (f: DepositFilter) => (f.userId === null ? 'any' : 'owned');

  return {
    countedSince: async (userId: number, since: string) => Number((await countedSince.get({ userId, since }))?.amount),
    pendingOf: (userId: number): Promise<DepositRow[]> => pendingOf.all({ userId }),
    cancel: async (id: number, now: string) => (await cancel.run({ now, id })).changes === 1,
    channels: (): Promise<ChannelRow[]> => channels.all(),
    channel: (code: string): Promise<ChannelRow | undefined> => channel.get({ code }),
    setChannel: async (c: { code: string; enabled: number | null; min: number | null; max: number | null }) =>
      (await setChannel.run(c)).changes > 0,
    setting: async <T>(key: string, fallback: T): Promise<T> => {
      const row = await setting.get({ key });
      return row === undefined ? fallback : (JSON.parse(row.value) as T);
    },
    template: (code: string) => template.get({ code }),
    grantCoupon: async (userId: number, code: string, source: string, now: string, expiresAt: string) =>
      (await grantCoupon.get({ userId, code, source, now, expiresAt }))!.id,
    couponsOf: (userId: number): Promise<CouponRow[]> => couponsOf.all({ userId }),
    coupon: (id: number, userId: number): Promise<CouponRow | undefined> => coupon.get({ id, userId }),
    reserveCoupon: async (id: number, orderNo: string, now: string) =>
      (await reserveCoupon.run({ orderNo, now, id })).changes > 0,
    releaseCoupon: (id: number, now: string) => releaseCoupon.run({ id, now }),
    /** Takes the coupon again for this order (it is still free, or already this order's); false when not. */
    retakeCoupon: async (id: number, orderNo: string, now: string) =>
      (await retakeCoupon.run({ id, orderNo, now })).changes > 0,
    /** The order pays no bonus (its coupon went to another order meanwhile): records say what the ledger has. */
    dropBonus: (id: number) => dropBonus.run({ id }),
    expireCoupons: (now: string) => expireCoupons.run({ now }),
    insert: async (d: {
      orderNo: string;
      userId: number;
      channel: string;
      amount: number;
      bonus: number;
      fee: number;
      couponId: number | null;
      turnoverRequired: number;
      bonusTurnover: number;
      now: string;
      expiresAt: string;
    }) => (await insert.get(d))!.id,
    byOrderNo: (orderNo: string): Promise<DepositRow | undefined> => byOrderNo.get({ orderNo }),
    /** Moves a Pending or Timeout order to a final status; false when it was already settled. */
    settle: async (s: {
      id: number;
      status: 1 | 2;
      paidAt: string | null;
      now: string;
      gatewayRef: string;
      payerMobile: string | null;
    }) => (await settle.run(s)).changes > 0,
    recordCallback: (id: number, answer: string) => recordCallback.run({ answer, id }),
    overdue: (now: string): Promise<DepositRow[]> => overdue.all({ now }),
    timeOut: async (id: number, now: string) => (await timeOut.run({ now, id })).changes > 0,
    page: (f: DepositFilter): Promise<DepositRow[]> => pages[scope(f)].all(filterParams(f)),
    count: async (f: DepositFilter) => Number((await counts[scope(f)].get(filterParams(f)))?.count),
  };
}

export type DepositRepo = ReturnType<typeof createDepositRepo>;
