import type { Db } from '../../db/database';

export interface AccountRow {
  user_id: number;
  balance: number;
  frozen: number;
  point: number;
  point_earned: number;
  deposit_total: number;
  deposit_count: number;
  turnover_required: number;
  turnover_done: number;
  turnover_total: number;
  energy: number;
}

export interface JournalRow {
  id: number;
  user_id: number;
  type: string;
  amount: number;
  frozen_delta: number;
  point_delta: number;
  balance_after: number;
  frozen_after: number;
  point_after: number;
  reference: string;
  remark: string;
  created_at: string;
}

export interface AccountChange {
  userId: number;
  amount: number;
  frozen: number;
  points: number;
  pointEarned: number;
  deposit: number;
  depositCount: number;
  turnoverRequired: number;
  turnoverDone: number;
  now: string;
}

export interface JournalFilter {
  userId: number;
  type?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const FILTER = `user_id = @userId AND (@type IS NULL OR type = @type)
  AND (@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)`;

const filterParams = (f: JournalFilter) => ({
  userId: f.userId,
  type: f.type ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createLedgerRepo(db: Db) {
  const ensure = db.prepare('INSERT OR IGNORE INTO accounts (user_id, updated_at) VALUES (?, ?)');
  const get = db.prepare('SELECT * FROM accounts WHERE user_id = ?');
  // The WHERE guard makes an overdraft change nothing instead of failing the CHECK.
  const change = db.prepare(
    `UPDATE accounts SET balance = balance + @amount, frozen = frozen + @frozen, point = point + @points,
       point_earned = point_earned + @pointEarned, deposit_total = deposit_total + @deposit,
       deposit_count = deposit_count + @depositCount, turnover_required = turnover_required + @turnoverRequired,
       turnover_done = turnover_done + @turnoverDone, turnover_total = turnover_total + @turnoverDone,
       updated_at = @now
     WHERE user_id = @userId AND balance + @amount >= 0 AND frozen + @frozen >= 0 AND point + @points >= 0
     RETURNING *`,
  );
  const insertJournal = db.prepare(
    `INSERT INTO balance_journal (user_id, type, amount, frozen_delta, point_delta, balance_after, frozen_after,
       point_after, reference, remark, created_at)
     VALUES (@userId, @type, @amount, @frozen, @points, @balanceAfter, @frozenAfter, @pointAfter, @reference,
       @remark, @now)`,
  );
  const page = db.prepare(`SELECT * FROM balance_journal WHERE ${FILTER} ORDER BY id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) FROM balance_journal WHERE ${FILTER}`).pluck();
  const sums = db.prepare(
    `SELECT a.user_id, a.balance, a.frozen, a.point,
       COALESCE(SUM(j.amount), 0) AS amount_sum, COALESCE(SUM(j.frozen_delta), 0) AS frozen_sum,
       COALESCE(SUM(j.point_delta), 0) AS point_sum
     FROM accounts a LEFT JOIN balance_journal j ON j.user_id = a.user_id GROUP BY a.user_id`,
  );

  return {
    ensure: (userId: number, now: string) => ensure.run(userId, now),
    get: (userId: number) => get.get(userId) as AccountRow | undefined,
    /**
     * Applies a change and answers the account after it; undefined when the account does not exist or the
     * change would make a bucket negative (nothing changed).
     */
    change: (c: AccountChange) => change.get(c) as AccountRow | undefined,
    insertJournal: (row: {
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
      now: string;
    }) => Number(insertJournal.run(row).lastInsertRowid),
    journalPage: (f: JournalFilter) => page.all(filterParams(f)) as JournalRow[],
    journalCount: (f: JournalFilter) => Number(count.get(filterParams(f))),
    /** Per account: the balances beside the sums of the journal (the ledger invariant). */
    invariantRows: () =>
      sums.all() as {
        user_id: number;
        balance: number;
        frozen: number;
        point: number;
        amount_sum: number;
        frozen_sum: number;
        point_sum: number;
      }[],
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
