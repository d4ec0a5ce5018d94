import type { Db } from '../../db/database';

/**
 * The ledger's invariants (docs/money.md, "The ledger's invariants"), checked from the tables alone:
 * a list of what breaks them, empty when the ledger is whole. Used by the tests, the crash test
 * (scripts/crash.ts, on the file after each SIGKILL) and the operator's `GET /ops/ledger/check`.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const balances = await counterpartyBalances(db);
  // I1: every player's buckets are the sums of the player's journal (and never below 0: the CHECKs).
  const players = await db
    .prepare(
      `SELECT a.user_id, a.balance, a.frozen, a.point,
         COALESCE(SUM(j.amount), 0) AS amount_sum, COALESCE(SUM(j.frozen_delta), 0) AS frozen_sum,
         COALESCE(SUM(j.point_delta), 0) AS point_sum
       FROM accounts a LEFT JOIN balance_journal j ON j.user_id = a.user_id GROUP BY a.user_id
       HAVING a.balance != COALESCE(SUM(j.amount), 0) OR a.frozen != COALESCE(SUM(j.frozen_delta), 0)
         OR a.point != COALESCE(SUM(j.point_delta), 0) OR a.balance < 0 OR a.frozen < 0 OR a.point < 0`,
    )
    .all();
  for (const row of players) problems.push(`player account does not sum to its journal: ${JSON.stringify(row)}`);
  // I2: every counterparty's balance is the negation of what its transfers gave the players' side.
  const counterparties = (await db
    .prepare(
      `SELECT l.code,
         (SELECT COALESCE(SUM(s.balance), 0) FROM ${balances} s WHERE s.code = l.code) AS balance,
         (SELECT COALESCE(SUM(s.point), 0) FROM ${balances} s WHERE s.code = l.code) AS point,
         -(SELECT COALESCE(SUM(j.amount + j.frozen_delta), 0) FROM balance_journal j WHERE j.counterparty = l.code)
           AS expected_balance,
         -(SELECT COALESCE(SUM(j.point_delta), 0) FROM balance_journal j WHERE j.counterparty = l.code)
           AS expected_point
       FROM ledger_accounts l`,
    )
    .all()) as { code: string; balance: number; point: number; expected_balance: number; expected_point: number }[];
  for (const row of counterparties) {
    if (row.balance !== row.expected_balance || row.point !== row.expected_point)
      problems.push(`counterparty does not sum to its transfers: ${JSON.stringify(row)}`);
  }
  // I3: every transfer names a counterparty that exists.
  const orphans = await db
    .prepare(
      `SELECT counterparty, COUNT(*) AS n FROM balance_journal
       WHERE counterparty NOT IN (SELECT code FROM ledger_accounts) GROUP BY counterparty`,
    )
    .all();
  for (const row of orphans) problems.push(`transfers to an unknown counterparty: ${JSON.stringify(row)}`);
  // I5: each player's count of open wagering requirements (the guard that spares the query) is exact
  // (from migration 0045 on: the migration tests check databases of before it too).
  const wageringCounts = !(await applied(db, 45))
    ? []
    : await db
        .prepare(
          `SELECT * FROM (
             SELECT u.user_id, COALESCE(c.wagering_open, 0) AS counted,
               (SELECT COUNT(*) FROM wagering_requirements w WHERE w.user_id = u.user_id AND w.state = 'open') AS open_count
             FROM (SELECT user_id FROM account_counters UNION SELECT user_id FROM wagering_requirements) u
             LEFT JOIN account_counters c ON c.user_id = u.user_id) AS tally
           WHERE counted != open_count`,
        )
        .all();
  for (const row of wageringCounts) problems.push(`open wagering requirements miscounted: ${JSON.stringify(row)}`);
  // I4: zero sum over every account, money and points.
  const totals = await ledgerTotals(db);
  if (totals.money !== 0 || totals.points !== 0)
    problems.push(`the accounts do not sum to zero: ${JSON.stringify(totals)}`);
  return problems;
}

/** The sum over every account (players' buckets and counterparties): zero when whole. */
export async function ledgerTotals(db: Db): Promise<{ money: number; points: number }> {
  const slots = await counterpartyBalances(db);
  return (await db
    .prepare(
      `SELECT (SELECT COALESCE(SUM(balance + frozen), 0) FROM accounts)
            + (SELECT COALESCE(SUM(balance), 0) FROM ${slots}) AS money,
              (SELECT COALESCE(SUM(point), 0) FROM accounts)
            + (SELECT COALESCE(SUM(point), 0) FROM ${slots}) AS points`,
    )
    .get()) as { money: number; points: number };
}

/** Throws, listing every problem, unless the ledger is whole. */
export async function assertLedgerWhole(db: Db): Promise<void> {
  const problems = await ledgerProblems(db);
  if (problems.length > 0) throw new Error(`The ledger is not whole:\n${problems.join('\n')}`);
}

/**
 * The table holding the counterparties' balances: their slots from migration 0052 on, the accounts'
 * own columns before it (the migration tests check databases of before it too).
 */
async function counterpartyBalances(db: Db): Promise<string> {
  return (await applied(db, 52)) ? 'ledger_account_slots' : 'ledger_accounts';
}

/** Whether migration `version` was applied to this database. */
async function applied(db: Db, version: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(version)) !== undefined;
}
