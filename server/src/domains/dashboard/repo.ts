import type { Db } from '../../db/database';

/** The journal types the dashboard reads (the list in journalByHour's SQL): games, deposits, payouts, promotions' cash. */
export const DASHBOARD_JOURNAL_TYPES = [
  'bet',
  'win',
  'rollback',
  'deposit',
  'withdraw_paid',
  'deposit_bonus',
  'reward',
  'rebate',
] as const;
export type DashboardJournalType = (typeof DASHBOARD_JOURNAL_TYPES)[number];

/** One UTC hour of one journal type: `hour` is the ISO text up to the hour, `2026-11-20T02`. */
export interface JournalHourRow {
  hour: string;
  type: DashboardJournalType;
  amount: number;
  frozen: number;
  n: number;
}

export interface CountHourRow {
  hour: string;
  n: number;
}

export interface PendingRow {
  withdrawals: number;
  withdrawalsAmount: number;
  withdrawalExceptions: number;
  kyc: number;
  chats: number;
  chatsUnread: number;
  deposits: number;
}

/**
 * The dashboard's reads: it writes nothing, and reads the ledger and the tables of other domains (withdrawals,
 * deposits, identity verification, live chat, accounts) as a report does. Times are ISO 8601 UTC text, so
 * text order is time order and `substr(created_at, 1, 13)` is the UTC hour: the service adds hours up into
 * Manila days (UTC+8, no daylight saving, so a Manila day is exactly 24 whole UTC hours). Every statement is
 * plain SQL both engines run (substr, COALESCE, COUNT(DISTINCT), scalar subqueries).
 */
export function createDashboardRepo(db: Db) {
  const journalByHour = db.prepare(
    `SELECT substr(created_at, 1, 13) AS hour, type, SUM(amount) AS amount, SUM(frozen_delta) AS frozen,
            COUNT(*) AS n
       FROM balance_journal
      WHERE created_at >= @from AND created_at < @to
        AND type IN ('bet', 'win', 'rollback', 'deposit', 'withdraw_paid', 'deposit_bonus', 'reward', 'rebate')
      GROUP BY substr(created_at, 1, 13), type`,
  );
  const bettors = db
    .prepare(
      `SELECT COUNT(DISTINCT user_id) FROM balance_journal
        WHERE type = 'bet' AND created_at >= @from AND created_at < @to`,
    )
    .pluck();
  // A player registers when the account is created, or, for a guest, when it signs up (terms accepted then).
  const registrationsByHour = db.prepare(
    `SELECT substr(COALESCE(terms_accepted_at, created_at), 1, 13) AS hour, COUNT(*) AS n
       FROM users
      WHERE guest = 0 AND COALESCE(terms_accepted_at, created_at) >= @from
        AND COALESCE(terms_accepted_at, created_at) < @to
      GROUP BY substr(COALESCE(terms_accepted_at, created_at), 1, 13)`,
  );
  const pending = db.prepare(
    `SELECT
       (SELECT COUNT(*) FROM withdrawals WHERE status = 0) AS withdrawals,
       (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 0) AS withdrawalsAmount,
       (SELECT COUNT(*) FROM withdrawals WHERE status = 5) AS withdrawalExceptions,
       (SELECT COUNT(*) FROM kyc_submissions WHERE status = 'pending') AS kyc,
       (SELECT COUNT(*) FROM chat_conversations WHERE status = 'open') AS chats,
       (SELECT COUNT(*) FROM chat_conversations WHERE status = 'open' AND operator_unread > 0) AS chatsUnread,
       (SELECT COUNT(*) FROM deposits WHERE status = 0) AS deposits`,
  );

  return {
    /** Σ amount, Σ frozen_delta and the rows of each dashboard journal type per UTC hour of [from, to). */
    journalByHour: (range: { from: string; to: string }) => journalByHour.all(range) as Promise<JournalHourRow[]>,
    /** Distinct accounts with a bet row in [from, to). */
    bettors: (range: { from: string; to: string }) => bettors.get(range) as Promise<number>,
    /** Registered (not guest) accounts per UTC hour of their registration in [from, to). */
    registrationsByHour: (range: { from: string; to: string }) =>
      registrationsByHour.all(range) as Promise<CountHourRow[]>,
    /** The queues waiting for an operator, now. */
    pending: () => pending.get() as Promise<PendingRow>,
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
