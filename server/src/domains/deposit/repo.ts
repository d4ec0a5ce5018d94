import type { Db } from '../../db/database';

export interface ChannelRow {
  code: 'gcash' | 'maya';
  name: string;
  enabled: number;
  min_amount: number;
  max_amount: number;
  fee_percent: number;
}

export interface CouponRow {
  id: number;
  user_id: number;
  template_code: string;
  status: 'available' | 'used' | 'expired';
  order_no: string | null;
  granted_at: string;
  expires_at: string;
  name_en: string;
  name_vi: string;
  bonus_percent: number;
  max_bonus: number;
  min_deposit: number;
  turnover_multiple: number;
}

export interface DepositRow {
  id: number;
  order_no: string;
  user_id: number;
  channel: 'gcash' | 'maya';
  amount: number;
  bonus: number;
  fee: number;
  coupon_id: number | null;
  turnover_required: number;
  /** The part of turnover_required asked by the coupon bonus (opens a wagering requirement). */
  bonus_turnover: number;
  status: 0 | 1 | 2 | 3;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  settled_at: string | null;
  gateway_ref: string | null;
  callback_count: number;
  first_answer: string | null;
}

const COUPON_SELECT = `SELECT c.*, t.name_en, t.name_vi, t.bonus_percent, t.max_bonus, t.min_deposit, t.turnover_multiple
  FROM user_coupons c JOIN coupon_templates t ON t.code = c.template_code`;

export interface DepositFilter {
  userId: number | null;
  status?: number;
  from?: string;
  to?: string;
  orderNo?: string;
  limit: number;
  offset: number;
}

const FILTER = `(user_id = @userId OR @userId IS NULL) AND (status = @status OR @status IS NULL)
  AND (created_at >= @from OR @from IS NULL) AND (created_at < @to OR @to IS NULL)
  AND (order_no = @orderNo OR @orderNo IS NULL)`;

const filterParams = (f: DepositFilter) => ({
  userId: f.userId,
  status: f.status ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  orderNo: f.orderNo ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createDepositRepo(db: Db) {
  const channels = db.prepare('SELECT * FROM payment_channels ORDER BY sort_order, code');
  const channel = db.prepare('SELECT * FROM payment_channels WHERE code = ?');
  const setChannel = db.prepare(
    `UPDATE payment_channels SET enabled = COALESCE(@enabled, enabled), min_amount = COALESCE(@min, min_amount),
       max_amount = COALESCE(@max, max_amount) WHERE code = @code`,
  );
  const setting = db.prepare('SELECT value FROM payment_settings WHERE key = ?').pluck();
  const template = db.prepare('SELECT * FROM coupon_templates WHERE code = ?');
  const grantCoupon = db.prepare(
    `INSERT INTO user_coupons (user_id, template_code, source, granted_at, expires_at) VALUES (?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const couponsOf = db.prepare(
    `${COUPON_SELECT} WHERE c.user_id = ? ORDER BY c.status = 'available' DESC, c.expires_at`,
  );
  const coupon = db.prepare(`${COUPON_SELECT} WHERE c.id = ? AND c.user_id = ?`);
  const reserveCoupon = db.prepare(
    `UPDATE user_coupons SET status = 'used', order_no = ?, used_at = ? WHERE id = ? AND status = 'available'`,
  );
  const releaseCoupon = db.prepare(
    `UPDATE user_coupons SET status = CASE WHEN expires_at <= @now THEN 'expired' ELSE 'available' END,
       order_no = NULL, used_at = NULL WHERE id = @id AND status = 'used'`,
  );
  const expireCoupons = db.prepare(
    `UPDATE user_coupons SET status = 'expired' WHERE status = 'available' AND expires_at <= ?`,
  );
  const insert = db.prepare(
    `INSERT INTO deposits (order_no, user_id, channel, amount, bonus, fee, coupon_id, turnover_required, bonus_turnover,
       created_at, expires_at)
     VALUES (@orderNo, @userId, @channel, @amount, @bonus, @fee, @couponId, @turnoverRequired, @bonusTurnover, @now,
       @expiresAt)
     RETURNING id`,
  );
  const byOrderNo = db.prepare('SELECT * FROM deposits WHERE order_no = ?');
  const settle = db.prepare(
    `UPDATE deposits SET status = @status, paid_at = @paidAt, settled_at = @now, gateway_ref = @gatewayRef,
       payer_mobile = COALESCE(@payerMobile, payer_mobile)
     WHERE id = @id AND (status IN (0, 3) OR (status = 2 AND gateway_ref IS NULL))`,
  );
  // A player's cancel: Failed without a gateway answer (so a late SUCCESS still credits, as for a Timeout).
  const cancel = db.prepare('UPDATE deposits SET status = 2, settled_at = ? WHERE id = ? AND status = 0');
  const recordCallback = db.prepare(
    'UPDATE deposits SET callback_count = callback_count + 1, first_answer = COALESCE(first_answer, ?) WHERE id = ?',
  );
  const overdue = db.prepare('SELECT * FROM deposits WHERE status = 0 AND expires_at <= ?');
  const pendingOf = db.prepare('SELECT * FROM deposits WHERE user_id = ? AND status = 0 ORDER BY id');
  const countedSince = db
    .prepare('SELECT COALESCE(SUM(amount), 0) FROM deposits WHERE user_id = ? AND created_at >= ? AND status IN (0, 1)')
    .pluck();
  const timeOut = db.prepare('UPDATE deposits SET status = 3, settled_at = ? WHERE id = ? AND status = 0');
  const page = db.prepare(`SELECT * FROM deposits WHERE ${FILTER} ORDER BY id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) FROM deposits WHERE ${FILTER}`).pluck();

  return {
    countedSince: async (userId: number, since: string) => Number(await countedSince.get(userId, since)),
    pendingOf: (userId: number) => pendingOf.all(userId) as Promise<DepositRow[]>,
    cancel: async (id: number, now: string) => (await cancel.run(now, id)).changes === 1,
    channels: () => channels.all() as Promise<ChannelRow[]>,
    channel: (code: string) => channel.get(code) as Promise<ChannelRow | undefined>,
    setChannel: async (c: { code: string; enabled: number | null; min: number | null; max: number | null }) =>
      (await setChannel.run(c)).changes > 0,
    setting: async <T>(key: string, fallback: T): Promise<T> => {
      const raw = (await setting.get(key)) as string | undefined;
      return raw === undefined ? fallback : (JSON.parse(raw) as T);
    },
    template: async (code: string) => (await template.get(code)) as { code: string; valid_days: number } | undefined,
    grantCoupon: async (userId: number, code: string, source: string, now: string, expiresAt: string) =>
      ((await grantCoupon.get(userId, code, source, now, expiresAt)) as { id: number }).id,
    couponsOf: (userId: number) => couponsOf.all(userId) as Promise<CouponRow[]>,
    coupon: (id: number, userId: number) => coupon.get(id, userId) as Promise<CouponRow | undefined>,
    reserveCoupon: async (id: number, orderNo: string, now: string) =>
      (await reserveCoupon.run(orderNo, now, id)).changes > 0,
    releaseCoupon: (id: number, now: string) => releaseCoupon.run({ id, now }),
    expireCoupons: (now: string) => expireCoupons.run(now),
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
    }) => ((await insert.get(d)) as { id: number }).id,
    byOrderNo: (orderNo: string) => byOrderNo.get(orderNo) as Promise<DepositRow | undefined>,
    /** Moves a Pending or Timeout order to a final status; false when it was already settled. */
    settle: async (s: {
      id: number;
      status: 1 | 2;
      paidAt: string | null;
      now: string;
      gatewayRef: string;
      payerMobile: string | null;
    }) => (await settle.run(s)).changes > 0,
    recordCallback: (id: number, answer: string) => recordCallback.run(answer, id),
    overdue: (now: string) => overdue.all(now) as Promise<DepositRow[]>,
    timeOut: async (id: number, now: string) => (await timeOut.run(now, id)).changes > 0,
    page: async (f: DepositFilter) => (await page.all(filterParams(f))) as DepositRow[],
    count: async (f: DepositFilter) => Number(await count.get(filterParams(f))),
  };
}

export type DepositRepo = ReturnType<typeof createDepositRepo>;
