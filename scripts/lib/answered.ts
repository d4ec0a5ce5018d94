/**
 * What a load script heard answered success, and the check that the database holds each of those
 * operations exactly once (scripts/crash.ts after its kills, scripts/chaos.ts after its outages). Run on
 * the database opened directly (SQLite or PostgreSQL) once the servers are stopped.
 */
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
  const journalCount = db.prepare('SELECT COUNT(*) FROM balance_journal WHERE reference = ? AND type = ?').pluck();
  const deposit = db.prepare('SELECT status FROM deposits WHERE order_no = ?').pluck();
  for (const orderNo of answered.depositsPaid) {
    if ((await deposit.get(orderNo)) !== 1) problems.push(`deposit ${orderNo} answered paid but is not Success`);
    const n = await journalCount.get(orderNo, 'deposit');
    if (n !== 1) problems.push(`deposit ${orderNo}: ${n} journal rows`);
  }
  const withdrawal = db.prepare('SELECT COUNT(*) FROM withdrawals WHERE order_no = ?').pluck();
  const withdrawJournal = db
    .prepare("SELECT COUNT(*) FROM balance_journal WHERE reference = ? AND type = 'withdraw'")
    .pluck();
  for (const orderNo of answered.withdrawals) {
    if ((await withdrawal.get(orderNo)) !== 1) problems.push(`withdrawal ${orderNo} answered but not stored once`);
    const frozen = await withdrawJournal.get(orderNo);
    if (frozen !== 1) problems.push(`withdrawal ${orderNo}: frozen ${frozen} times`);
  }
  const transaction = db.prepare('SELECT COUNT(*) FROM wallet_transactions WHERE transaction_id = ?').pluck();
  for (const [id, bet] of answered.bets) {
    const stored = await transaction.get(id);
    if (stored !== 1) problems.push(`bet ${id} answered but stored ${stored} times`);
    const debits = await journalCount.get(bet.roundId, 'bet');
    if (debits !== 1) problems.push(`bet ${id}: ${debits} debits`);
  }
  for (const [id, win] of answered.wins) {
    const stored = await transaction.get(id);
    if (stored !== 1) problems.push(`win ${id} answered but stored ${stored} times`);
    const credits = (await journalCount.get(win.roundId, 'win')) as number;
    if (credits !== (win.amount > 0 ? 1 : 0)) problems.push(`win ${id}: ${credits} credits`);
  }
  return problems;
}
