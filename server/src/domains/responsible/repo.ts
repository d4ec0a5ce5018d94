import type { DepositLimitPeriod, PlayLimitKind } from '../../../../shared/contract/responsible';
import { type ColumnOf, param, prepareQuery, sql } from '../../db/builder';
import type { Db } from '../../db/database';

/** Table deposit_limits (db/migrations/0051): one row per player and period. */
export interface DepositLimitRow {
  user_id: number;
  period: DepositLimitPeriod;
  amount: number | null;
  pending_amount: number | null;
  pending_at: string | null;
  updated_at: string;
}

/** Table play_limits (migration 0056): one row per player, kind (loss, wager) and period. */
export interface PlayLimitRow extends DepositLimitRow {
  kind: PlayLimitKind;
}

/** Table play_breaks: every break, never updated. */
export interface PlayBreakRow {
  id: number;
  user_id: number;
  kind: 'cooloff' | 'exclusion';
  since: string;
  until: string | null;
  source: 'player' | 'ops';
  reason: string;
  created_at: string;
}

export function createResponsibleRepo(db: Db) {
  const limits = prepareQuery(db, (b) =>
    b
      .selectFrom('deposit_limits')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .$narrowType<{ period: DepositLimitPeriod }>(),
  );
  const upsertLimit = prepareQuery(db, (b) =>
    b
      .insertInto('deposit_limits')
      .values({
        user_id: param<number>('userId'),
        period: param<ColumnOf<'deposit_limits', 'period'>>('period'),
        amount: param<number | null>('amount'),
        pending_amount: param<number | null>('pendingAmount'),
        pending_at: param<string | null>('pendingAt'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.columns(['user_id', 'period']).doUpdateSet((u) => ({
          amount: u.ref('excluded.amount'),
          pending_amount: u.ref('excluded.pending_amount'),
          pending_at: u.ref('excluded.pending_at'),
          updated_at: u.ref('excluded.updated_at'),
        })),
      ),
  );
  // The latest break that has not ended (a permanent one never ends).
  const runningBreak = prepareQuery(db, (b) =>
    b
      .selectFrom('play_breaks')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .where((e) => e.or([e('until', 'is', null), e('until', '>', param<string>('now'))]))
      .orderBy('id', 'desc')
      .limit(sql.lit(1))
      .$narrowType<{ kind: PlayBreakRow['kind']; source: PlayBreakRow['source'] }>(),
  );
  const insertBreak = prepareQuery(db, (b) =>
    b.insertInto('play_breaks').values({
      user_id: param<number>('userId'),
      kind: param<ColumnOf<'play_breaks', 'kind'>>('kind'),
      since: param<string>('since'),
      until: param<string | null>('until'),
      source: param<ColumnOf<'play_breaks', 'source'>>('source'),
      reason: param<string>('reason'),
      created_at: param<string>('since'),
    }),
  );

  const playLimits = prepareQuery(db, (b) =>
    b
      .selectFrom('play_limits')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .$narrowType<{ period: DepositLimitPeriod; kind: PlayLimitKind }>(),
  );
  const upsertPlayLimit = prepareQuery(db, (b) =>
    b
      .insertInto('play_limits')
      .values({
        user_id: param<number>('userId'),
        kind: param<ColumnOf<'play_limits', 'kind'>>('kind'),
        period: param<ColumnOf<'play_limits', 'period'>>('period'),
        amount: param<number | null>('amount'),
        pending_amount: param<number | null>('pendingAmount'),
        pending_at: param<string | null>('pendingAt'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.columns(['user_id', 'kind', 'period']).doUpdateSet((u) => ({
          amount: u.ref('excluded.amount'),
          pending_amount: u.ref('excluded.pending_amount'),
          pending_at: u.ref('excluded.pending_at'),
          updated_at: u.ref('excluded.updated_at'),
        })),
      ),
  );
  const settings = prepareQuery(db, (b) =>
    b.selectFrom('responsible_settings').select('reality_check_minutes').where('user_id', '=', param<number>('userId')),
  );
  const upsertSettings = prepareQuery(db, (b) =>
    b
      .insertInto('responsible_settings')
      .values({
        user_id: param<number>('userId'),
        reality_check_minutes: param<number>('minutes'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.column('user_id').doUpdateSet((u) => ({
          reality_check_minutes: u.ref('excluded.reality_check_minutes'),
          updated_at: u.ref('excluded.updated_at'),
        })),
      ),
  );

  // The cool-offs ending within the window and not announced yet (index play_breaks_until). A permanent
  // self-exclusion never ends; a longer break taken since is found too and checked by the service.
  const endingSoon = prepareQuery(db, (b) =>
    b
      .selectFrom('play_breaks as pb')
      .select(['pb.id', 'pb.user_id', 'pb.until'])
      .where('pb.until', '>', param<string>('now'))
      .where('pb.until', '<=', param<string>('before'))
      .where((e) =>
        e.not(
          e.exists(
            e.selectFrom('break_reminders as r').select(sql.lit(1).as('one')).whereRef('r.break_id', '=', 'pb.id'),
          ),
        ),
      )
      .orderBy('pb.until')
      .limit(sql.lit(200)),
  );
  const insertReminder = prepareQuery(db, (b) =>
    b
      .insertInto('break_reminders')
      .values({ break_id: param<number>('breakId'), sent_at: param<string>('now') })
      .onConflict((c) => c.column('break_id').doNothing()),
  );

  return {
    /** Breaks ending after `now` and at most at `before`, not announced yet. */
    endingSoon: (now: string, before: string) => endingSoon.all({ now, before }),
    /** Claims a break's reminder; false when it was sent already (another process, a replay). */
    claimReminder: async (breakId: number, now: string) => (await insertReminder.run({ breakId, now })).changes === 1,
    playLimits: (userId: number): Promise<PlayLimitRow[]> => playLimits.all({ userId }),
    savePlayLimit: (r: {
      userId: number;
      kind: PlayLimitKind;
      period: DepositLimitPeriod;
      amount: number | null;
      pendingAmount: number | null;
      pendingAt: string | null;
      now: string;
    }) => upsertPlayLimit.run(r),
    /** The reality-check interval in minutes; 0 (off) when the player never chose one. */
    realityCheckMinutes: async (userId: number) => (await settings.get({ userId }))?.reality_check_minutes ?? 0,
    saveRealityCheck: (r: { userId: number; minutes: number; now: string }) => upsertSettings.run(r),
    limits: (userId: number): Promise<DepositLimitRow[]> => limits.all({ userId }),
    saveLimit: (r: {
      userId: number;
      period: DepositLimitPeriod;
      amount: number | null;
      pendingAmount: number | null;
      pendingAt: string | null;
      now: string;
    }) => upsertLimit.run(r),
    runningBreak: (userId: number, now: string): Promise<PlayBreakRow | undefined> => runningBreak.get({ userId, now }),
    insertBreak: (r: {
      userId: number;
      kind: 'cooloff' | 'exclusion';
      since: string;
      until: string | null;
      source: 'player' | 'ops';
      reason: string;
    }) => insertBreak.run(r),
  };
}
