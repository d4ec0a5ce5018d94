import type { Db } from '../../db/database';

/** How many rows a counterparty's balance is spread over (table ledger_account_slots, migration 0052). */
export const LEDGER_SLOTS = 64;

/** A player's money: the buckets the player owns (table accounts). */
export interface MoneyRow {
  user_id: number;
  balance: number;
  frozen: number;
  point: number;
}

/** A player's money beside the counters that are not money (table account_counters). */
export interface AccountRow extends MoneyRow {
  point_earned: number;
  deposit_total: number;
  deposit_count: number;
  turnover_required: number;
  turnover_done: number;
  turnover_total: number;
  energy: number;
  /** How many of the player's wagering requirements are open (kept by triggers, migration 0045). */
  wagering_open: number;
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
  counterparty: string;
  created_at: string;
}

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

const FILTER = `user_id = @userId AND (type = @type OR @type IS NULL)
  AND (created_at >= @from OR @from IS NULL) AND (created_at < @to OR @to IS NULL)`;

const filterParams = (f: JournalFilter) => ({
  userId: f.userId,
  type: f.type ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createLedgerRepo(db: Db) {
  const ensure = db.prepare('INSERT INTO accounts (user_id, updated_at) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const ensureCounters = db.prepare('INSERT INTO account_counters (user_id) VALUES (?) ON CONFLICT DO NOTHING');
  const balance = db.prepare('SELECT balance FROM accounts WHERE user_id = ?').pluck();
  const get = db.prepare(
    'SELECT * FROM accounts a JOIN account_counters c ON c.user_id = a.user_id WHERE a.user_id = ?',
  );
  // The WHERE guard makes an overdraft change nothing instead of failing the CHECK.
  const change = db.prepare(
    `UPDATE accounts SET balance = balance + @amount, frozen = frozen + @frozen, point = point + @points,
       updated_at = @now
     WHERE user_id = @userId AND balance + @amount >= 0 AND frozen + @frozen >= 0 AND point + @points >= 0
     RETURNING user_id, balance, frozen, point`,
  );
  const count = db.prepare(
    `UPDATE account_counters SET point_earned = point_earned + @pointEarned, deposit_total = deposit_total + @deposit,
       deposit_count = deposit_count + @depositCount, turnover_required = turnover_required + @turnoverRequired,
       turnover_done = turnover_done + @turnoverDone, turnover_total = turnover_total + @turnoverDone
     WHERE user_id = @userId
     RETURNING wagering_open`,
  );
  const addEnergy = db.prepare('UPDATE account_counters SET energy = energy + ? WHERE user_id = ? AND energy + ? >= 0');
  const counterparty = db.prepare(
    'UPDATE ledger_account_slots SET balance = balance - ?, point = point - ? WHERE code = ? AND slot = ?',
  );
  const insertJournal = db.prepare(
    `INSERT INTO balance_journal (user_id, type, amount, frozen_delta, point_delta, balance_after, frozen_after,
       point_after, reference, remark, counterparty, created_at)
     VALUES (@userId, @type, @amount, @frozen, @points, @balanceAfter, @frozenAfter, @pointAfter, @reference,
       @remark, @counterparty, @now)
     RETURNING id`,
  );
  const counterparties = db.prepare(
    `SELECT l.code, l.name, COALESCE(SUM(s.balance), 0) AS balance, COALESCE(SUM(s.point), 0) AS point
       FROM ledger_accounts l LEFT JOIN ledger_account_slots s ON s.code = l.code
      GROUP BY l.code, l.name ORDER BY l.code`,
  );
  const page = db.prepare(`SELECT * FROM balance_journal WHERE ${FILTER} ORDER BY id DESC LIMIT @limit OFFSET @offset`);
  const journalCount = db.prepare(`SELECT COUNT(*) FROM balance_journal WHERE ${FILTER}`).pluck();

  return {
    ensure: async (userId: number, now: string) => {
      await ensure.run(userId, now);
      await ensureCounters.run(userId);
    },
    get: (userId: number) => get.get(userId) as Promise<AccountRow | undefined>,
    /** The spendable balance alone (one primary-key read, no counters); undefined without an account. */
    balance: (userId: number) => balance.get(userId) as Promise<number | undefined>,
    /**
     * Applies a change of the player's buckets and answers them after it; undefined when the account does
     * not exist or the change would make a bucket negative (nothing changed).
     */
    change: (c: AccountChange) => change.get(c) as Promise<MoneyRow | undefined>,
    /** Adds to the counters; answers how many wagering requirements the player has open (undefined: no row). */
    count: async (c: CounterChange) => ((await count.get(c)) as { wagering_open: number } | undefined)?.wagering_open,
    /** Adds (or, negative, spends) energy; false when there is too little (nothing changed). */
    addEnergy: async (userId: number, delta: number) => (await addEnergy.run(delta, userId, delta)).changes === 1,
    /**
     * The counterparty's side of a transfer: it gives what the player's side gets, on the player's slot
     * (migration 0052: two players' transfers never update one row).
     */
    counterparty: async (code: string, userId: number, money: number, points: number) => {
      const slot = userId % LEDGER_SLOTS;
      if ((await counterparty.run(money, points, code, slot)).changes !== 1)
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
    }) => ((await insertJournal.get(row)) as { id: number }).id,
    counterparties: async () =>
      (await counterparties.all()) as { code: string; name: string; balance: number; point: number }[],
    journalPage: async (f: JournalFilter) => (await page.all(filterParams(f))) as JournalRow[],
    journalCount: async (f: JournalFilter) => Number(await journalCount.get(filterParams(f))),
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
