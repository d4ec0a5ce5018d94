/**
 * What a load script heard answered success, and the check that the database holds each of those
 * operations exactly once (scripts/crash.ts after its kills, scripts/chaos.ts after its outages). Run on
 * the database opened directly (SQLite or PostgreSQL) once the servers are stopped.
 */

import type { RawBuilder } from 'kysely';
import { adHoc, sql } from '../../server/src/db/builder';
import type { Db } from '../../server/src/db/database';

/** A provider bet or win answered success: its round, and its amount in centavos. */
export interface RoundMove {
  roundId: string;
  amount: number;
}

export interface AnsweredOps {
  /** Deposit order numbers whose signed gateway callback answered success. */
  depositsPaid: Set<string>;
  /** Withdrawal order numbers answered created. */
  withdrawals: Set<string>;
  /** Provider bets by transaction id. */
  bets: Map<string, RoundMove>;
  /** Provider wins by transaction id (amount 0: a loss settled, no credit). */
  wins: Map<string, RoundMove>;
}

export const noAnswers = (): AnsweredOps => ({
  depositsPaid: new Set(),
  withdrawals: new Set(),
  bets: new Map(),
  wins: new Map(),
});

/**
 * Every answered operation stored exactly once: a paid deposit is Success with one journal row, a
 * withdrawal one order frozen once, a bet one wallet transaction and one debit, a win one wallet
 * transaction and one credit (none for 0). Answers the problems found, empty when none.
 */
export async function storedOnceProblems(db: Db, answered: AnsweredOps): Promise<string[]> {
  const problems: string[] = [];
  const count = async (statement: RawBuilder<{ n: number }>) => (await adHoc(db, statement).get())?.n;
  const journalCount = (reference: string, type: string) =>
    count(sql`SELECT COUNT(*) AS n FROM balance_journal WHERE reference = ${reference} AND type = ${type}`);
  for (const orderNo of answered.depositsPaid) {
    const deposit = await adHoc(
      db,
      sql<{ status: number }>`SELECT status FROM deposits WHERE order_no = ${orderNo}`,
    ).get();
    if (deposit?.status !== 1) problems.push(`deposit ${orderNo} answered paid but is not Success`);
    const n = await journalCount(orderNo, 'deposit');
    if (n !== 1) problems.push(`deposit ${orderNo}: ${n} journal rows`);
  }
  for (const orderNo of answered.withdrawals) {
    if ((await count(sql`SELECT COUNT(*) AS n FROM withdrawals WHERE order_no = ${orderNo}`)) !== 1)
      problems.push(`withdrawal ${orderNo} answered but not stored once`);
    const frozen = await journalCount(orderNo, 'withdraw');
    if (frozen !== 1) problems.push(`withdrawal ${orderNo}: frozen ${frozen} times`);
  }
  const transactions = (id: string) =>
    count(sql`SELECT COUNT(*) AS n FROM wallet_transactions WHERE transaction_id = ${id}`);
  for (const [id, bet] of answered.bets) {
    const stored = await transactions(id);
    if (stored !== 1) problems.push(`bet ${id} answered but stored ${stored} times`);
    const debits = await journalCount(bet.roundId, 'bet');
    if (debits !== 1) problems.push(`bet ${id}: ${debits} debits`);
  }
  for (const [id, win] of answered.wins) {
    const stored = await transactions(id);
    if (stored !== 1) problems.push(`win ${id} answered but stored ${stored} times`);
    const credits = await journalCount(win.roundId, 'win');
    if (credits !== (win.amount > 0 ? 1 : 0)) problems.push(`win ${id}: ${credits} credits`);
  }
  return problems;
}
