import type { Db } from '../../db/database';
import type { WithdrawStatus } from './transitions';

export interface WalletRow {
  user_id: number;
  bank: 'gcash' | 'maya';
  name: string;
  account: string;
  created_at: string;
}

export interface LimitRow {
  vip_level: number;
  daily_amount: number;
  daily_count: number;
  /** 1 once an operator changed the row: the seed leaves it alone from then on. */
  set_by_operator: number;
}

export type PayoutResult = 'success' | 'failed' | 'exception';

export interface WithdrawalRow {
  id: number;
  order_no: string;
  user_id: number;
  amount: number;
  fee: number;
  bank: 'gcash' | 'maya';
  wallet_name: string;
  wallet_account: string;
  status: WithdrawStatus;
  remark: string;
  manila_day: string;
  payout_ref: string | null;
  payout_result: PayoutResult | null;
  payout_due_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A withdrawal beside its player, for the operator. */
export interface OpsWithdrawalRow extends WithdrawalRow {
  uid: number;
  username: string;
  vip_level: number;
  kyc_name: string | null;
}

export interface EventRow {
  id: number;
  withdrawal_id: number;
  from_status: WithdrawStatus | null;
  to_status: WithdrawStatus;
  actor: string;
  reason: string;
  created_at: string;
}

export interface WithdrawalFilter {
  userId: number | null;
  status?: number;
  orderNo?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const FILTER = `(w.user_id = @userId OR @userId IS NULL) AND (w.status = @status OR @status IS NULL)
  AND (w.order_no = @orderNo OR @orderNo IS NULL)
  AND (w.created_at >= @from OR @from IS NULL) AND (w.created_at < @to OR @to IS NULL)`;

const filterParams = (f: WithdrawalFilter) => ({
  userId: f.userId,
  status: f.status ?? null,
  orderNo: f.orderNo ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

const OPS_SELECT = `SELECT w.*, u.uid, u.username, u.vip_level,
    (SELECT k.real_name FROM kyc_submissions k WHERE k.user_id = w.user_id AND k.status = 'verified') AS kyc_name
  FROM withdrawals w JOIN users u ON u.id = w.user_id`;

export function createWithdrawRepo(db: Db) {
  const wallet = db.prepare('SELECT * FROM user_wallets WHERE user_id = ?');
  const walletOwner = db.prepare('SELECT user_id FROM user_wallets WHERE bank = ? AND account = ?').pluck();
  const insertWallet = db.prepare(
    `INSERT INTO user_wallets (user_id, bank, name, account, created_at) VALUES (@userId, @bank, @name, @account, @now)
     ON CONFLICT DO NOTHING`,
  );

  const limits = db.prepare('SELECT * FROM withdraw_limits ORDER BY vip_level');
  const limitFor = db.prepare('SELECT * FROM withdraw_limits WHERE vip_level <= ? ORDER BY vip_level DESC LIMIT 1');
  const limitOfUser = db.prepare(
    `SELECT w.* FROM users u JOIN withdraw_limits w ON w.vip_level <= u.vip_level WHERE u.id = ?
     ORDER BY w.vip_level DESC LIMIT 1`,
  );
  const setLimit = db.prepare(
    'UPDATE withdraw_limits SET daily_amount = ?, daily_count = ?, set_by_operator = 1 WHERE vip_level = ?',
  );
  const tradePasswordHash = db.prepare('SELECT trade_password_hash FROM users WHERE id = ?').pluck();
  const setting = db.prepare('SELECT value FROM withdraw_settings WHERE key = ?').pluck();
  const allSettings = db.prepare('SELECT key, value FROM withdraw_settings');
  const setSetting = db.prepare(
    'INSERT INTO withdraw_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const deleteSetting = db.prepare('DELETE FROM withdraw_settings WHERE key = ?');

  const insert = db.prepare(
    `INSERT INTO withdrawals (order_no, user_id, amount, fee, bank, wallet_name, wallet_account, manila_day,
       created_at, updated_at)
     VALUES (@orderNo, @userId, @amount, @fee, @bank, @walletName, @walletAccount, @manilaDay, @now, @now)
     ON CONFLICT (order_no) DO NOTHING RETURNING *`,
  );
  const byOrderNo = db.prepare('SELECT * FROM withdrawals WHERE order_no = ?');
  const opsByOrderNo = db.prepare(`${OPS_SELECT} WHERE w.order_no = ?`);
  // Rejected (4) and Failed (3) gave the money back, so they do not use up the day's limits.
  const dayTotals = db.prepare(
    `SELECT COUNT(*) AS count, COALESCE(SUM(amount), 0) AS amount FROM withdrawals
     WHERE user_id = ? AND manila_day = ? AND status NOT IN (3, 4)`,
  );
  // The conditional UPDATE of every transition: it changes nothing unless the order is still `from`.
  const move = db.prepare(
    `UPDATE withdrawals SET status = @to, remark = COALESCE(@remark, remark), updated_at = @now,
       payout_ref = COALESCE(@payoutRef, payout_ref), payout_result = COALESCE(@payoutResult, payout_result),
       payout_due_at = CASE WHEN CAST(@to AS BIGINT) = 6 THEN @payoutDueAt ELSE NULL END
     WHERE id = @id AND status = @from`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, reason, created_at)
     VALUES (@withdrawalId, @from, @to, @actor, @reason, @now)`,
  );
  const events = db.prepare('SELECT * FROM withdrawal_events WHERE withdrawal_id = ? ORDER BY id');
  const due = db.prepare('SELECT * FROM withdrawals WHERE status = 6 AND payout_due_at <= ? ORDER BY id');
  const page = db.prepare(
    `SELECT w.* FROM withdrawals w WHERE ${FILTER} ORDER BY w.id DESC LIMIT @limit OFFSET @offset`,
  );
  const opsPage = db.prepare(`${OPS_SELECT} WHERE ${FILTER} ORDER BY w.id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) FROM withdrawals w WHERE ${FILTER}`).pluck();

  const burnCaptcha = db.prepare(
    `INSERT INTO captchas (token_hash, user_id, correct, expires_at, used_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (token_hash) DO NOTHING`,
  );
  const captchaBurned = db.prepare('SELECT 1 FROM captchas WHERE token_hash = ?').pluck();
  const purgeCaptchas = db.prepare('DELETE FROM captchas WHERE expires_at < ?');

  return {
    wallet: (userId: number) => wallet.get(userId) as Promise<WalletRow | undefined>,
    walletOwner: (bank: string, account: string) => walletOwner.get(bank, account) as Promise<number | undefined>,
    /** Binds a wallet; false when the player already has one or the account is taken. */
    insertWallet: async (w: { userId: number; bank: string; name: string; account: string; now: string }) =>
      (await insertWallet.run(w)).changes > 0,

    limits: () => limits.all() as Promise<LimitRow[]>,
    /** An operator's change of a level's limits (centavos, count); false when the level has no row. */
    setLimit: async (vipLevel: number, dailyAmount: number, dailyCount: number) =>
      (await setLimit.run(dailyAmount, dailyCount, vipLevel)).changes > 0,
    /** The limits of a VIP level (or of the highest level below it that has a row). */
    limitFor: (vipLevel: number) => limitFor.get(vipLevel) as Promise<LimitRow | undefined>,
    /** The limits of the player's VIP level (as limitFor), in one read. */
    limitOfUser: (userId: number) => limitOfUser.get(userId) as Promise<LimitRow | undefined>,
    /** The player's stored transaction password hash (argon2id), or null when none is set. */
    tradePasswordHash: async (userId: number) =>
      ((await tradePasswordHash.get(userId)) as string | null | undefined) ?? null,
    setting: async <T>(key: string, fallback: T): Promise<T> => {
      const raw = (await setting.get(key)) as string | undefined;
      return raw === undefined ? fallback : (JSON.parse(raw) as T);
    },
    hasSetting: async (key: string) => (await setting.get(key)) !== undefined,
    /** Every setting the operator stored, parsed (one read). */
    async settings(): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      for (const row of (await allSettings.all()) as { key: string; value: string }[])
        out[row.key] = JSON.parse(row.value);
      return out;
    },
    setSetting: (key: string, value: unknown) => setSetting.run(key, JSON.stringify(value)),
    deleteSetting: (key: string) => deleteSetting.run(key),

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
    }) => insert.get(w) as Promise<WithdrawalRow | undefined>,
    byOrderNo: (orderNo: string) => byOrderNo.get(orderNo) as Promise<WithdrawalRow | undefined>,
    opsByOrderNo: (orderNo: string) => opsByOrderNo.get(orderNo) as Promise<OpsWithdrawalRow | undefined>,
    dayTotals: async (userId: number, day: string) =>
      (await dayTotals.get(userId, day)) as { count: number; amount: number },
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
    events: (withdrawalId: number) => events.all(withdrawalId) as Promise<EventRow[]>,
    due: (now: string) => due.all(now) as Promise<WithdrawalRow[]>,
    page: async (f: WithdrawalFilter) => (await page.all(filterParams(f))) as WithdrawalRow[],
    opsPage: async (f: WithdrawalFilter) => (await opsPage.all(filterParams(f))) as OpsWithdrawalRow[],
    count: async (f: WithdrawalFilter) => Number(await count.get(filterParams(f))),

    /** Burns a captcha token; false when it was already used. */
    burnCaptcha: async (c: { tokenHash: string; userId: number; correct: boolean; expiresAt: string; now: string }) =>
      (await burnCaptcha.run(c.tokenHash, c.userId, c.correct ? 1 : 0, c.expiresAt, c.now)).changes > 0,
    captchaBurned: async (tokenHash: string) => (await captchaBurned.get(tokenHash)) !== undefined,
    purgeCaptchas: (before: string) => purgeCaptchas.run(before),
  };
}

export type WithdrawRepo = ReturnType<typeof createWithdrawRepo>;
