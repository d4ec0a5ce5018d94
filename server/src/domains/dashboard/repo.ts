import type { Expression } from 'kysely';
import { param, prepareQuery, sql } from '../../db/builder';
import type { Db } from '../../db/database';

/** The journal types the dashboard reads (journalByHour's filter): games, deposits, payouts, promotions' cash. */
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
 * plain SQL both engines run (substr, COALESCE, COUNT(DISTINCT), scalar subqueries). A grouped SUM has rows
 * to add, so it is never NULL; the one SUM that may find none is COALESCE'd to 0, as SQLite's total() was.
 */
export function createDashboardRepo(db: Db) {
  // The UTC hour of an ISO time; written out (no bound values) so the select list and GROUP BY match.
  const hourOf = (time: Expression<string>) => sql<string>`substr(${time}, 1, 13)`;

  const journalByHour = prepareQuery(db, (b) =>
    b
      .selectFrom('balance_journal')
      .select((e) => [
        hourOf(sql.ref<string>('created_at')).as('hour'),
        'type',
        e.fn.sum<number>('amount').as('amount'),
        e.fn.sum<number>('frozen_delta').as('frozen'),
        e.fn.countAll<number>().as('n'),
      ])
      .where('created_at', '>=', param<string>('from'))
      .where('created_at', '<', param<string>('to'))
      .where(
        'type',
        'in',
        DASHBOARD_JOURNAL_TYPES.map((type) => sql.lit(type)),
      )
      .groupBy([hourOf(sql.ref<string>('created_at')), 'type'])
      .$narrowType<{ type: DashboardJournalType }>(),
  );
  const bettors = prepareQuery(db, (b) =>
    b
      .selectFrom('balance_journal')
      .select((e) => e.fn.count<number>('user_id').distinct().as('n'))
      .where('type', '=', sql.lit('bet'))
      .where('created_at', '>=', param<string>('from'))
      .where('created_at', '<', param<string>('to')),
  );
  // Who bet in each UTC hour, once per hour: the service makes distinct players per Manila day of them.
  const bettorHours = prepareQuery(db, (b) =>
    b
      .selectFrom('balance_journal')
      .select([hourOf(sql.ref<string>('created_at')).as('hour'), 'user_id'])
      .distinct()
      .where('type', '=', sql.lit('bet'))
      .where('created_at', '>=', param<string>('from'))
      .where('created_at', '<', param<string>('to')),
  );
  // A player registers when the account is created, or, for a guest, when it signs up (terms accepted then).
  const registeredAt = sql<string>`coalesce(${sql.ref('terms_accepted_at')}, ${sql.ref('created_at')})`;
  const registrationsByHour = prepareQuery(db, (b) =>
    b
      .selectFrom('users')
      .select((e) => [hourOf(registeredAt).as('hour'), e.fn.countAll<number>().as('n')])
      .where('guest', '=', sql.lit(0))
      .where(registeredAt, '>=', param<string>('from'))
      .where(registeredAt, '<', param<string>('to'))
      .groupBy(hourOf(registeredAt)),
  );
  const pending = prepareQuery(db, (b) =>
    b
      .selectNoFrom((e) => [
        e
          .selectFrom('withdrawals')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit(0))
          .as('withdrawals'),
        e
          .selectFrom('withdrawals')
          .select((s) => s.fn.coalesce(s.fn.sum<number>('amount'), sql.lit(0)).as('n'))
          .where('status', '=', sql.lit(0))
          .as('withdrawalsAmount'),
        e
          .selectFrom('withdrawals')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit(5))
          .as('withdrawalExceptions'),
        e
          .selectFrom('kyc_submissions')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit('pending'))
          .as('kyc'),
        e
          .selectFrom('chat_conversations')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit('open'))
          .as('chats'),
        e
          .selectFrom('chat_conversations')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit('open'))
          .where('operator_unread', '>', sql.lit(0))
          .as('chatsUnread'),
        e
          .selectFrom('deposits')
          .select(e.fn.countAll<number>().as('n'))
          .where('status', '=', sql.lit(0))
          .as('deposits'),
      ])
      // A scalar subquery of COUNT(*) or COALESCE(SUM, 0) answers a number, never NULL.
      .$narrowType<PendingRow>(),
  );

  return {
    /** Σ amount, Σ frozen_delta and the rows of each dashboard journal type per UTC hour of [from, to). */
    journalByHour: (range: { from: string; to: string }): Promise<JournalHourRow[]> => journalByHour.all(range),
    /** Distinct accounts with a bet row in [from, to). */
    bettors: async (range: { from: string; to: string }) => (await bettors.get(range))?.n ?? 0,
    bettorHours: (range: { from: string; to: string }) => bettorHours.all(range),
    /** Registered (not guest) accounts per UTC hour of their registration in [from, to). */
    registrationsByHour: (range: { from: string; to: string }): Promise<CountHourRow[]> =>
      registrationsByHour.all(range),
    /** The queues waiting for an operator, now (one row, always). */
    pending: async (): Promise<PendingRow> => (await pending.get())!,
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
