import { Code } from '../../../../shared/codes';
import { toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import { createWriteBatch } from '../../db/batch';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Progress } from '../../plugins/events';
import { COUNTERPARTY, type JournalType } from './journal-types';
import { type AccountRow, createLedgerRepo, type JournalFilter } from './repo';
import { createWagering, type WageringGrant } from './wagering';
import { ledgerProblems, ledgerTotals } from './whole';

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
  /** The deposit's own turnover owed before any withdrawal (amount x depositTurnoverMultiple). */
  turnoverRequired?: number;
  /** Turnover done: a bet (positive) also counts toward the open wagering requirements, a rollback
   * (negative, same reference as its bet) takes that back. */
  turnoverDone?: number;
  /** The credit is a bonus with a turnover multiple: it opens its own wagering requirement. */
  wagering?: WageringGrant;
  /** The debit is a stake still in play (a bet, whose game round is open): a balance of 0 after it forfeits
   * nothing, as the round may pay; its settlement decides (`roundSettled`). */
  inPlay?: boolean;
  /** What caused it: order number, round id, reward key. */
  reference: string;
  remark?: string;
}

const assertInt = (n: number, what: string) => {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} must be a safe integer, got ${n}`);
};

/**
 * The ledger: every balance change goes through `post`, inside the caller's transaction. A posting is a
 * transfer between the player's account and the counterparty of its type (COUNTERPARTY): the player's
 * buckets change, the counterparty's balance changes by the opposite amount, and one journal row records
 * both, unique by (type, reference) for the player. The invariants are in docs/money.md and whole.ts.
 */
export function createLedgerService(deps: {
  db: Db;
  clock: Clock;
  /** Whether the player has a game round still open (the play domain answers it; none without one). */
  roundsOpen?: (userId: number) => Promise<boolean>;
}) {
  const { db, clock } = deps;
  const roundsOpen = deps.roundsOpen ?? (async () => false);
  const repo = createLedgerRepo(db);
  const batch = createWriteBatch(db);
  const wagering = createWagering(db);

  async function account(userId: number): Promise<AccountRow> {
    // Read first: an INSERT ... ON CONFLICT DO NOTHING opens a write transaction even when the row exists.
    const existing = await repo.get(userId);
    if (existing) return existing;
    await repo.ensure(userId, clock.iso());
    return (await repo.get(userId)) as AccountRow;
  }

  async function post(userId: number, p: Posting) {
    if (!db.inTransaction) throw new Error('ledger.post must run inside a transaction');
    const amount = p.amount ?? 0;
    const frozen = p.frozen ?? 0;
    const points = p.points ?? 0;
    const deposit = p.deposit ?? 0;
    assertInt(amount, 'amount');
    assertInt(frozen, 'frozen');
    assertInt(points, 'points');
    assertInt(deposit, 'deposit');
    const turnoverRequired = p.turnoverRequired ?? 0;
    const turnoverDone = p.turnoverDone ?? 0;
    const counterparty = COUNTERPARTY[p.type];
    if (!counterparty) throw new Error(`journal type ${p.type} has no counterparty`);
    const now = clock.iso();
    const move = {
      userId,
      amount,
      frozen,
      points,
      now,
      // The counters are written when there is something to count (a bet's turnover, a deposit, points).
      counted: points > 0 || deposit !== 0 || turnoverRequired !== 0 || turnoverDone !== 0,
      pointEarned: Math.max(points, 0),
      deposit,
      depositCount: deposit > 0 ? 1 : 0,
      turnoverRequired,
      turnoverDone,
      // A transfer inside the player's account (balance to frozen) moves nothing of the counterparty's.
      moved: amount + frozen !== 0 || points !== 0,
      counterparty,
      type: p.type,
      reference: p.reference,
      remark: p.remark ?? '',
    };
    // One statement on PostgreSQL in the usual case. Only when it wrote nothing is it worth telling a missing
    // account (made, then tried again) from an overdraft.
    let moved = await repo.move(move);
    if (!moved && !(await repo.get(userId))) {
      await repo.ensure(userId, now);
      moved = await repo.move(move);
    }
    if (!moved) throw new AppError(Code.INSUFFICIENT_BALANCE);
    const { after, open, totals, journalId } = moved;
    if (p.wagering) await wagering.start(userId, p.reference, p.wagering, now);
    // None open, as the counters' write said (a bet's): nothing for the bet to count toward, nothing to forfeit.
    const noneOpen = open === 0 && !p.wagering;
    if (turnoverDone > 0) {
      if (!noneOpen) await wagering.bet(userId, p.reference, turnoverDone, now);
    } else if (turnoverDone < 0) await wagering.rollback(userId, p.reference);
    // Spent down to nothing, and nothing still in play: whatever bonus was in it is lost, so its requirements
    // lock nothing any more. A stake in an open round (this bet's, or an earlier one's) may still pay: the
    // round's settlement decides (roundSettled).
    if (amount < 0 && after.balance === 0 && !noneOpen && !p.inPlay) await forfeitIfLost(userId, p.reference, now);
    // The counters before and after it, when it wrote them (a bet's turnover, a deposit): what a VIP level
    // is reached by. null when it changed none of them.
    const progress: Progress | null = totals
      ? { before: { deposit: totals.deposit - deposit, turnover: totals.turnover - turnoverDone }, after: totals }
      : null;
    return { journalId, account: after, progress };
  }

  /** The bonus was really lost (balance 0, as the caller saw): forfeits the open requirements unless a round
   * of the player is still open. */
  async function forfeitIfLost(userId: number, reference: string, now: string) {
    if (!(await roundsOpen(userId))) await wagering.forfeit(userId, reference, now);
  }

  /**
   * A game round of the player was settled without a payout posting (a win of 0), inside the caller's
   * transaction: when that leaves the balance at 0 with requirements open and no other round open, their
   * bonus was staked and lost and they are forfeited, by the round's `reference`. Answers the balance (the
   * one account read; an account with no requirement open costs nothing more).
   */
  async function roundSettled(userId: number, reference: string): Promise<number> {
    if (!db.inTransaction) throw new Error('ledger.roundSettled must run inside a transaction');
    const a = await account(userId);
    if (a.balance === 0 && a.wagering_open > 0) await forfeitIfLost(userId, reference, clock.iso());
    return a.balance;
  }

  /** The deposits' own turnover still owed before any withdrawal, in centavos (it locks the whole balance). */
  const surplus = (a: AccountRow) => Math.max(0, a.turnover_required - a.turnover_done);
  /** What may be withdrawn now (centavos): nothing while deposit turnover is owed, else the balance less the
   * bonuses of the open wagering requirements, never below 0. With none open (the account's counter, kept in
   * step with the rows by triggers) that is the balance, without a query. */
  const withdrawable = async (a: AccountRow): Promise<number> => {
    if (surplus(a) > 0) return 0;
    if (a.wagering_open === 0) return a.balance;
    return Math.max(0, a.balance - (await wagering.locked(a.user_id)));
  };

  return {
    account,
    /** The spendable balance (centavos), 0 without an account: what the socket's balance.changed tells. */
    balance: async (userId: number) => (await repo.balance(userId)) ?? 0,
    post,
    roundSettled,
    surplus,
    withdrawable,
    /** The player's open wagering requirements, oldest first, and the bonus they lock (centavos). */
    wagering: async (userId: number) => {
      const open = await wagering.open(userId);
      return { open, locked: open.reduce((sum, r) => sum + r.bonus, 0) };
    },
    /** Group commit of hot money writes (see db/batch.ts). */
    batch,
    /** Adds (negative: spends) energy, a counter that is not money; false when there is too little. */
    addEnergy: async (userId: number, delta: number) => {
      assertInt(delta, 'energy');
      await account(userId);
      return repo.addEnergy(userId, delta);
    },
    /** The ledger's invariants checked now (whole.ts): problems (none when whole), totals, counterparties. */
    check: async () => ({
      problems: await ledgerProblems(db),
      totals: await ledgerTotals(db),
      counterparties: await repo.counterparties(),
    }),
    /**
     * The cash buckets of GET /api/balance, in pesos, and the facts its other parts are decided from (the
     * player's status, sign-up time and latest KYC status; whether a pixel event waits), read in the same
     * one statement.
     */
    async buckets(userId: number) {
      let glance = await repo.glance(userId);
      if (!glance) {
        await account(userId);
        glance = await repo.glance(userId);
        if (!glance) throw new Error(`no account for user ${userId}`);
      }
      const { user_created_at, user_status, kyc_status, fb_pending, ...a } = glance;
      const owed = surplus(a);
      const free = await withdrawable(a);
      return {
        account: a,
        facts: {
          created_at: user_created_at,
          user_status,
          kyc_status,
          fbPending: fb_pending === 1,
        },
        userAccountVO: {
          allAmount: toPesos(a.balance + a.frozen),
          balance: toPesos(a.balance),
          withdrawalAmount: toPesos(free),
          deposit: toPesos(a.deposit_total),
          point: a.point,
          surplus: toPesos(owed),
        },
        userPointVO: { point: a.point, totalEarned: a.point_earned },
      };
    },
    /** A page of a player's journal, newest first (read only: every change goes through `post`). */
    journalPage: (filter: JournalFilter) => repo.journalPage(filter),
    journalCount: (filter: JournalFilter) => repo.journalCount(filter),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
export type { AccountRow, JournalFilter };
/** What GET /api/balance's other parts are decided from, read with the account (`buckets`). */
export type BalanceFacts = Awaited<ReturnType<LedgerService['buckets']>>['facts'];
