import { Code } from '../../../../shared/codes';
import { toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import { createWriteBatch } from '../../db/batch';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { JournalType } from './journal-types';
import { type AccountRow, createLedgerRepo } from './repo';

/** One change of an account. Amounts are integer centavos; points are whole points. */
export interface Posting {
  type: JournalType;
  /** Change of the spendable balance (credit positive). */
  amount?: number;
  /** Change of the amount frozen by pending withdrawals. */
  frozen?: number;
  points?: number;
  /** Adds to the cumulative deposits (and counts one deposit when positive). */
  deposit?: number;
  /** Turnover owed before a withdrawal (e.g. 10x a bonus). */
  turnoverRequired?: number;
  /** Turnover done (bets). */
  turnoverDone?: number;
  /** What caused it: order number, round id, reward key. */
  reference: string;
  remark?: string;
}

const assertInt = (n: number, what: string) => {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} must be a safe integer, got ${n}`);
};

/**
 * The ledger: every balance change goes through `post`, inside the caller's transaction, and writes one
 * journal row beside the account update, so the journal always sums to the balances.
 */
export function createLedgerService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createLedgerRepo(db);
  const batch = createWriteBatch(db);

  function account(userId: number): AccountRow {
    // Read first: an INSERT OR IGNORE opens a write transaction even when the row exists.
    const existing = repo.get(userId) as AccountRow | undefined;
    if (existing) return existing;
    repo.ensure(userId, clock.iso());
    return repo.get(userId) as AccountRow;
  }

  function post(userId: number, p: Posting) {
    if (!db.inTransaction) throw new Error('ledger.post must run inside a transaction');
    const amount = p.amount ?? 0;
    const frozen = p.frozen ?? 0;
    const points = p.points ?? 0;
    const deposit = p.deposit ?? 0;
    assertInt(amount, 'amount');
    assertInt(frozen, 'frozen');
    assertInt(points, 'points');
    assertInt(deposit, 'deposit');
    const now = clock.iso();
    const change = {
      userId,
      amount,
      frozen,
      points,
      pointEarned: Math.max(points, 0),
      deposit,
      depositCount: deposit > 0 ? 1 : 0,
      turnoverRequired: p.turnoverRequired ?? 0,
      turnoverDone: p.turnoverDone ?? 0,
      now,
    };
    // One statement in the usual case: the UPDATE answers the row after it (RETURNING). Only when it
    // changed nothing is it worth telling a missing account (made, then tried again) from an overdraft.
    let after = repo.change(change);
    if (!after && !repo.get(userId)) {
      repo.ensure(userId, now);
      after = repo.change(change);
    }
    if (!after) throw new AppError(Code.INSUFFICIENT_BALANCE);
    const journalId = repo.insertJournal({
      userId,
      type: p.type,
      amount,
      frozen,
      points,
      balanceAfter: after.balance,
      frozenAfter: after.frozen,
      pointAfter: after.point,
      reference: p.reference,
      remark: p.remark ?? '',
      now,
    });
    return { journalId, account: after };
  }

  /** Turnover still owed before a withdrawal, in centavos. */
  const surplus = (a: AccountRow) => Math.max(0, a.turnover_required - a.turnover_done);

  return {
    account,
    post,
    surplus,
    /** Group commit of hot money writes (see batch.ts). */
    batch,
    /** The cash buckets of GET /api/balance, in pesos. */
    buckets(userId: number) {
      const a = account(userId);
      const owed = surplus(a);
      return {
        account: a,
        userAccountVO: {
          allAmount: toPesos(a.balance + a.frozen),
          balance: toPesos(a.balance),
          withdrawalAmount: toPesos(owed > 0 ? 0 : a.balance),
          deposit: toPesos(a.deposit_total),
          point: a.point,
          surplus: toPesos(owed),
        },
        userPointVO: { point: a.point, totalEarned: a.point_earned },
      };
    },
    repo,
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
