import type { ExpressionBuilder, NotNull, Selectable } from 'kysely';
import { type ColumnOf, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB, FriendRewards } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type FriendRewardKind = 'deposit' | 'turnover' | 'ranking';

export type FriendRewardRow = Omit<Selectable<DB['friend_rewards']>, 'kind'> & {
  kind: FriendRewardKind;
  friend_username: string | null;
};

export interface StandingRow {
  user_id: number;
  username: string;
  invites: number;
  reached_at: string;
}

export interface ReferralRow {
  id: number;
  superior_id: number | null;
  superior_bound_at: string | null;
  turnover_total: number;
}

/**
 * A referral's deposit rebate is claimable once the referral has bet its deposits (lifetime turnover at
 * least its lifetime deposits): a deposit withdrawn unplayed earns the inviter nothing, however often it
 * goes round (issue 29 risk). Turnover rebates need no such check.
 */
const wagered = (e: ExpressionBuilder<DB & { friend_rewards: FriendRewards }, 'friend_rewards'>) =>
  e.or([
    e('friend_rewards.kind', '<>', sql.lit('deposit')),
    e.exists(
      e
        .selectFrom('account_counters as c')
        .select(sql.lit(1).as('one'))
        .whereRef('c.user_id', '=', 'friend_rewards.friend_id')
        .whereRef('c.turnover_total', '>=', 'c.deposit_total'),
    ),
  ]);

export function createFriendRepo(db: Db) {
  const referral = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .leftJoin('account_counters as a', 'a.user_id', 'u.id')
      .select((e) => [
        'u.id',
        'u.superior_id',
        'u.superior_bound_at',
        e.fn.coalesce('a.turnover_total', sql.lit(0)).as('turnover_total'),
      ])
      .where('u.id', '=', param<number>('userId')),
  );
  const insertDeposit = prepareQuery(db, (b) =>
    b
      .insertInto('friend_rewards')
      .values({
        user_id: param<number>('userId'),
        friend_id: param<number>('friendId'),
        kind: sql.lit('deposit'),
        day: param<string>('day'),
        reference: param<string>('reference'),
        base_amount: param<number>('base'),
        amount: param<number>('amount'),
        created_at: param<string>('now'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) => c.doNothing()),
  );
  const insertFirstDeposit = prepareQuery(db, (b) =>
    b
      .insertInto('referral_first_deposits')
      .values({
        friend_id: param<number>('friendId'),
        user_id: param<number>('userId'),
        period_id: param<string>('periodId'),
        order_no: param<string>('orderNo'),
        amount: param<number>('amount'),
        deposited_at: param<string>('now'),
      })
      .onConflict((c) => c.column('friend_id').doNothing()),
  );
  // Deposited and wagered: the referral's lifetime turnover reached `multiple` times its first deposit. Only
  // a row not yet qualified is touched, so a replay or two processes qualify it once, at the first time.
  const qualify = prepareQuery(db, (b) =>
    b
      .updateTable('referral_first_deposits')
      .set({ qualified_period_id: param<string>('periodId'), qualified_at: param<string>('now') })
      .where('friend_id', '=', param<number>('friendId'))
      .where('qualified_at', 'is', null)
      .where((e) =>
        e(
          e('amount', '*', param<number>('multiple')),
          '<=',
          e.fn.coalesce(
            e
              .selectFrom('account_counters')
              .select('account_counters.turnover_total')
              .where('account_counters.user_id', '=', param<number>('friendId')),
            sql.lit(0),
          ),
        ),
      ),
  );
  const turnoverMark = prepareQuery(db, (b) =>
    b.selectFrom('friend_turnover_marks').select('mark').where('friend_id', '=', param<number>('friendId')),
  );
  const setTurnoverMark = prepareQuery(db, (b) =>
    b
      .insertInto('friend_turnover_marks')
      .values({ friend_id: param<number>('friendId'), mark: param<number>('mark') })
      .onConflict((c) => c.column('friend_id').doUpdateSet((u) => ({ mark: u.ref('excluded.mark') }))),
  );
  // Bets are journal debits, rollbacks credits: their negated sum is the net turnover.
  const turnoverBefore = prepareQuery(db, (b) =>
    b
      .selectFrom('balance_journal')
      .select(sql<number>`coalesce(-sum(${sql.ref('amount')}), 0)`.as('turnover'))
      .where('user_id', '=', param<number>('friendId'))
      .where('type', 'in', [sql.lit('bet'), sql.lit('rollback')])
      .where('created_at', '<=', param<string>('before')),
  );
  const openTurnover = prepareQuery(db, (b) =>
    b
      .selectFrom('friend_rewards')
      .select(['id', 'base_amount'])
      .where('user_id', '=', param<number>('userId'))
      .where('friend_id', '=', param<number>('friendId'))
      .where('day', '=', param<string>('day'))
      .where('kind', '=', sql.lit('turnover'))
      .where('claimed_at', 'is', null),
  );
  const growTurnover = prepareQuery(db, (b) =>
    b
      .updateTable('friend_rewards')
      .set({ base_amount: param<number>('base'), amount: param<number>('amount'), updated_at: param<string>('now') })
      .where('id', '=', param<number>('id')),
  );
  const insertTurnover = prepareQuery(db, (b) =>
    b.insertInto('friend_rewards').values({
      user_id: param<number>('userId'),
      friend_id: param<number>('friendId'),
      kind: sql.lit('turnover'),
      day: param<string>('day'),
      reference: param<string>('day'),
      base_amount: param<number>('base'),
      amount: param<number>('amount'),
      created_at: param<string>('now'),
      updated_at: param<string>('now'),
    }),
  );
  const behindReferrals = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .innerJoin('account_counters as a', 'a.user_id', 'u.id')
      .leftJoin('friend_turnover_marks as m', 'm.friend_id', 'u.id')
      .select('u.id')
      .where('u.superior_id', '=', param<number>('userId'))
      .where((e) => e('a.turnover_total', '>', e.fn.coalesce('m.mark', sql.lit(0)))),
  );
  const counts = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .leftJoin('account_counters as a', 'a.user_id', 'u.id')
      .select((e) => [
        e.fn.countAll<number>().as('referrals'),
        e.fn
          .coalesce(
            e.fn.sum<number>(e.case().when('a.deposit_count', '>', sql.lit(0)).then(sql.lit(1)).else(sql.lit(0)).end()),
            sql.lit(0),
          )
          .as('depositing'),
      ])
      .where('u.superior_id', '=', param<number>('userId')),
  );
  const totals = prepareQuery(db, (b) =>
    b
      .selectFrom('friend_rewards')
      .select((e) => [
        e.fn
          .coalesce(
            e.fn.sum<number | null>(
              e
                .case()
                .when(e.and([e('claimed_at', 'is', null), wagered(e)]))
                .then(e.ref('amount'))
                .end(),
            ),
            sql.lit(0),
          )
          .as('claimable'),
        e.fn
          .coalesce(
            e.fn.sum<number | null>(e.case().when('claimed_at', 'is not', null).then(e.ref('amount')).end()),
            sql.lit(0),
          )
          .as('earned'),
      ])
      .where('user_id', '=', param<number>('userId'))
      .where('kind', '=', param<ColumnOf<'friend_rewards', 'kind'>>('kind')),
  );
  const claimableRows = prepareQuery(db, (b) =>
    b
      .selectFrom('friend_rewards')
      .select((e) => [
        e.fn.coalesce(e.fn.sum<number | null>('amount'), sql.lit(0)).as('amount'),
        e.fn.max<number | null>('id').as('max_id'),
      ])
      .where('user_id', '=', param<number>('userId'))
      .where('kind', '=', param<ColumnOf<'friend_rewards', 'kind'>>('kind'))
      .where('claimed_at', 'is', null)
      .where('amount', '>', sql.lit(0))
      .where(wagered),
  );
  const markClaimed = prepareQuery(db, (b) =>
    b
      .updateTable('friend_rewards')
      .set({ claim_key: param<string>('key'), claimed_at: param<string>('now'), updated_at: param<string>('now') })
      .where('user_id', '=', param<number>('userId'))
      .where('kind', '=', param<ColumnOf<'friend_rewards', 'kind'>>('kind'))
      .where('claimed_at', 'is', null)
      .where('amount', '>', sql.lit(0))
      .where('id', '<=', param<number>('maxId'))
      .where(wagered),
  );
  const insertRanking = prepareQuery(db, (b) =>
    b.insertInto('friend_rewards').values({
      user_id: param<number>('userId'),
      friend_id: sql.lit(null),
      kind: sql.lit('ranking'),
      day: param<string>('day'),
      reference: param<string>('reference'),
      base_amount: sql.lit(0),
      amount: param<number>('amount'),
      claim_key: param<string>('key'),
      claimed_at: param<string>('now'),
      created_at: param<string>('now'),
      updated_at: param<string>('now'),
    }),
  );
  const page = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('friend_rewards as r')
      .leftJoin('users as f', 'f.id', 'r.friend_id')
      .selectAll('r')
      .select('f.username as friend_username')
      .where('r.user_id', '=', param<number>('userId'))
      .where((e) =>
        e.or([
          e('r.kind', '=', param<ColumnOf<'friend_rewards', 'kind'>>('kind')),
          e(typedParam(engine, 'kind', 'text'), 'is', null),
        ]),
      )
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset'))
      .$narrowType<{ kind: FriendRewardKind }>(),
  );
  const count = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('friend_rewards as r')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where('r.user_id', '=', param<number>('userId'))
      .where((e) =>
        e.or([
          e('r.kind', '=', param<ColumnOf<'friend_rewards', 'kind'>>('kind')),
          e(typedParam(engine, 'kind', 'text'), 'is', null),
        ]),
      ),
  );
  // Only qualified referrals count, in the week they qualified (a row not yet qualified has NULL there).
  // The tie rule: more invites first; at equal invites, who reached that count first; then the older account.
  const standings = prepareQuery(db, (b) =>
    b
      .selectFrom('referral_first_deposits as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select((e) => [
        'd.user_id',
        'u.username',
        e.fn.countAll<number>().as('invites'),
        e.fn.max<string>('d.qualified_at').as('reached_at'),
      ])
      .where('d.qualified_period_id', '=', param<string>('periodId'))
      .groupBy(['d.user_id', 'u.username'])
      .orderBy('invites', 'desc')
      .orderBy('reached_at', 'asc')
      .orderBy('d.user_id', 'asc'),
  );
  const myPeriods = prepareQuery(db, (b) =>
    b
      .selectFrom('referral_first_deposits')
      .select('qualified_period_id')
      .distinct()
      .where('user_id', '=', param<number>('userId'))
      .where('qualified_period_id', '<', param<string>('current'))
      .orderBy('qualified_period_id', 'desc')
      .limit(param<number>('limit'))
      .$narrowType<{ qualified_period_id: NotNull }>(),
  );

  return {
    referral: (userId: number): Promise<ReferralRow | undefined> => referral.get({ userId }),
    /** One rebate line per referral deposit order; false when the order already has one. */
    insertDeposit: async (r: {
      userId: number;
      friendId: number;
      day: string;
      reference: string;
      base: number;
      amount: number;
      now: string;
    }) => (await insertDeposit.run(r)).changes === 1,
    /** The referral's first deposit while bound (`amount` in centavos); false when it already had one. */
    insertFirstDeposit: async (r: {
      friendId: number;
      userId: number;
      periodId: string;
      orderNo: string;
      amount: number;
      now: string;
    }) => (await insertFirstDeposit.run(r)).changes === 1,
    /**
     * Qualifies the referral's first deposit for the ranking, in `periodId` at `now`, when its turnover is at
     * least `multiple` times the deposit and it was not qualified yet; true when this call qualified it.
     */
    qualify: async (r: { friendId: number; multiple: number; periodId: string; now: string }) =>
      (await qualify.run(r)).changes === 1,
    turnoverMark: async (friendId: number) => (await turnoverMark.get({ friendId }))?.mark,
    setTurnoverMark: (friendId: number, mark: number) => setTurnoverMark.run({ friendId, mark }),
    turnoverBefore: async (friendId: number, before: string) =>
      (await turnoverBefore.get({ friendId, before }))!.turnover,
    openTurnover: (userId: number, friendId: number, day: string) => openTurnover.get({ userId, friendId, day }),
    growTurnover: (r: { id: number; base: number; amount: number; now: string }) => growTurnover.run(r),
    insertTurnover: (r: { userId: number; friendId: number; day: string; base: number; amount: number; now: string }) =>
      insertTurnover.run(r),
    /** Referrals of the player whose turnover is ahead of what was credited (catch-up). */
    behindReferrals: async (userId: number) => (await behindReferrals.all({ userId })).map((r) => r.id),
    counts: async (userId: number) => (await counts.get({ userId }))!,
    totals: async (userId: number, kind: FriendRewardKind) => (await totals.get({ userId, kind }))!,
    claimable: async (userId: number, kind: FriendRewardKind) => (await claimableRows.get({ userId, kind }))!,
    markClaimed: async (r: { userId: number; kind: FriendRewardKind; maxId: number; key: string; now: string }) =>
      (await markClaimed.run(r)).changes,
    insertRanking: (r: { userId: number; day: string; reference: string; amount: number; key: string; now: string }) =>
      insertRanking.run(r),
    page: (f: { userId: number; kind: FriendRewardKind | null; limit: number; offset: number }) => page.all(f),
    count: async (f: { userId: number; kind: FriendRewardKind | null }) => (await count.get(f))!.count,
    standings: (periodId: string): Promise<StandingRow[]> => standings.all({ periodId }),
    /** Finished periods (before `current`) in which referrals of the player qualified, newest first. */
    myPeriods: async (userId: number, current: string, limit: number) =>
      (await myPeriods.all({ userId, current, limit })).map((r) => r.qualified_period_id),
  };
}

export type FriendRepo = ReturnType<typeof createFriendRepo>;
