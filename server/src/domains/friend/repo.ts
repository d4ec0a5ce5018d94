import type { Db } from '../../db/database';

export type FriendRewardKind = 'deposit' | 'turnover' | 'ranking';

export interface FriendRewardRow {
  id: number;
  user_id: number;
  friend_id: number | null;
  friend_username: string | null;
  kind: FriendRewardKind;
  day: string;
  reference: string;
  base_amount: number;
  amount: number;
  claim_key: string | null;
  claimed_at: string | null;
  created_at: string;
}

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
const WAGERED = `(friend_rewards.kind <> 'deposit' OR EXISTS (SELECT 1 FROM account_counters c
  WHERE c.user_id = friend_rewards.friend_id AND c.turnover_total >= c.deposit_total))`;

export function createFriendRepo(db: Db) {
  const referral = db.prepare(
    `SELECT u.id, u.superior_id, u.superior_bound_at, COALESCE(a.turnover_total, 0) AS turnover_total
     FROM users u LEFT JOIN account_counters a ON a.user_id = u.id WHERE u.id = ?`,
  );
  const insertDeposit = db.prepare(
    `INSERT INTO friend_rewards (user_id, friend_id, kind, day, reference, base_amount, amount, created_at, updated_at)
     VALUES (@userId, @friendId, 'deposit', @day, @reference, @base, @amount, @now, @now)
     ON CONFLICT DO NOTHING`,
  );
  const insertFirstDeposit = db.prepare(
    `INSERT INTO referral_first_deposits (friend_id, user_id, period_id, order_no, amount, deposited_at)
     VALUES (@friendId, @userId, @periodId, @orderNo, @amount, @now) ON CONFLICT (friend_id) DO NOTHING`,
  );
  // Deposited and wagered: the referral's lifetime turnover reached `multiple` times its first deposit. Only
  // a row not yet qualified is touched, so a replay or two processes qualify it once, at the first time.
  const qualify = db.prepare(
    `UPDATE referral_first_deposits SET qualified_period_id = @periodId, qualified_at = @now
     WHERE friend_id = @friendId AND qualified_at IS NULL
       AND amount * @multiple <= COALESCE((SELECT turnover_total FROM account_counters WHERE user_id = @friendId), 0)`,
  );
  const turnoverMark = db.prepare('SELECT mark FROM friend_turnover_marks WHERE friend_id = ?').pluck();
  const setTurnoverMark = db.prepare(
    `INSERT INTO friend_turnover_marks (friend_id, mark) VALUES (?, ?)
     ON CONFLICT (friend_id) DO UPDATE SET mark = excluded.mark`,
  );
  // Bets are journal debits, rollbacks credits: their negated sum is the net turnover.
  const turnoverBefore = db
    .prepare(
      `SELECT COALESCE(-SUM(amount), 0) FROM balance_journal
     WHERE user_id = ? AND type IN ('bet', 'rollback') AND created_at <= ?`,
    )
    .pluck();
  const openTurnover = db.prepare(
    `SELECT id, base_amount FROM friend_rewards
     WHERE user_id = ? AND friend_id = ? AND day = ? AND kind = 'turnover' AND claimed_at IS NULL`,
  );
  const growTurnover = db.prepare(
    'UPDATE friend_rewards SET base_amount = @base, amount = @amount, updated_at = @now WHERE id = @id',
  );
  const insertTurnover = db.prepare(
    `INSERT INTO friend_rewards (user_id, friend_id, kind, day, reference, base_amount, amount, created_at, updated_at)
     VALUES (@userId, @friendId, 'turnover', @day, @day, @base, @amount, @now, @now)`,
  );
  const behindReferrals = db.prepare(
    `SELECT u.id FROM users u JOIN account_counters a ON a.user_id = u.id
     LEFT JOIN friend_turnover_marks m ON m.friend_id = u.id
     WHERE u.superior_id = ? AND a.turnover_total > COALESCE(m.mark, 0)`,
  );
  const counts = db.prepare(
    `SELECT COUNT(*) AS referrals, COALESCE(SUM(CASE WHEN a.deposit_count > 0 THEN 1 ELSE 0 END), 0) AS depositing
     FROM users u LEFT JOIN account_counters a ON a.user_id = u.id WHERE u.superior_id = ?`,
  );
  const totals = db.prepare(
    `SELECT COALESCE(SUM(CASE WHEN claimed_at IS NULL AND ${WAGERED} THEN amount END), 0) AS claimable,
            COALESCE(SUM(CASE WHEN claimed_at IS NOT NULL THEN amount END), 0) AS earned
     FROM friend_rewards WHERE user_id = ? AND kind = ?`,
  );
  const claimableRows = db.prepare(
    `SELECT COALESCE(SUM(amount), 0) AS amount, MAX(id) AS max_id FROM friend_rewards
     WHERE user_id = ? AND kind = ? AND claimed_at IS NULL AND amount > 0 AND ${WAGERED}`,
  );
  const markClaimed = db.prepare(
    `UPDATE friend_rewards SET claim_key = @key, claimed_at = @now, updated_at = @now
     WHERE user_id = @userId AND kind = @kind AND claimed_at IS NULL AND amount > 0 AND id <= @maxId AND ${WAGERED}`,
  );
  const insertRanking = db.prepare(
    `INSERT INTO friend_rewards (user_id, friend_id, kind, day, reference, base_amount, amount, claim_key, claimed_at,
       created_at, updated_at)
     VALUES (@userId, NULL, 'ranking', @day, @reference, 0, @amount, @key, @now, @now, @now)`,
  );
  const FILTER = 'r.user_id = @userId AND (r.kind = @kind OR @kind IS NULL)';
  const page = db.prepare(
    `SELECT r.*, f.username AS friend_username FROM friend_rewards r LEFT JOIN users f ON f.id = r.friend_id
     WHERE ${FILTER} ORDER BY r.created_at DESC, r.id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare(`SELECT COUNT(*) FROM friend_rewards r WHERE ${FILTER}`).pluck();
  // Only qualified referrals count, in the week they qualified (a row not yet qualified has NULL there).
  // The tie rule: more invites first; at equal invites, who reached that count first; then the older account.
  const standings = db.prepare(
    `SELECT d.user_id, u.username, COUNT(*) AS invites, MAX(d.qualified_at) AS reached_at
     FROM referral_first_deposits d JOIN users u ON u.id = d.user_id
     WHERE d.qualified_period_id = ? GROUP BY d.user_id, u.username
     ORDER BY invites DESC, reached_at ASC, d.user_id ASC`,
  );
  const myPeriods = db.prepare(
    `SELECT DISTINCT qualified_period_id FROM referral_first_deposits
     WHERE user_id = ? AND qualified_period_id < ? ORDER BY qualified_period_id DESC LIMIT ?`,
  );

  return {
    referral: (userId: number) => referral.get(userId) as Promise<ReferralRow | undefined>,
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
    turnoverMark: (friendId: number) => turnoverMark.get(friendId) as Promise<number | undefined>,
    setTurnoverMark: (friendId: number, mark: number) => setTurnoverMark.run(friendId, mark),
    turnoverBefore: (friendId: number, before: string) => turnoverBefore.get(friendId, before) as Promise<number>,
    openTurnover: async (userId: number, friendId: number, day: string) =>
      (await openTurnover.get(userId, friendId, day)) as { id: number; base_amount: number } | undefined,
    growTurnover: (r: { id: number; base: number; amount: number; now: string }) => growTurnover.run(r),
    insertTurnover: (r: { userId: number; friendId: number; day: string; base: number; amount: number; now: string }) =>
      insertTurnover.run(r),
    /** Referrals of the player whose turnover is ahead of what was credited (catch-up). */
    behindReferrals: async (userId: number) => (await behindReferrals.all(userId)).map((r) => (r as { id: number }).id),
    counts: async (userId: number) => (await counts.get(userId)) as { referrals: number; depositing: number },
    totals: async (userId: number, kind: FriendRewardKind) =>
      (await totals.get(userId, kind)) as { claimable: number; earned: number },
    claimable: async (userId: number, kind: FriendRewardKind) =>
      (await claimableRows.get(userId, kind)) as { amount: number; max_id: number | null },
    markClaimed: async (r: { userId: number; kind: FriendRewardKind; maxId: number; key: string; now: string }) =>
      (await markClaimed.run(r)).changes,
    insertRanking: (r: { userId: number; day: string; reference: string; amount: number; key: string; now: string }) =>
      insertRanking.run(r),
    page: (f: { userId: number; kind: FriendRewardKind | null; limit: number; offset: number }) =>
      page.all(f) as Promise<FriendRewardRow[]>,
    count: (f: { userId: number; kind: FriendRewardKind | null }) => count.get(f) as Promise<number>,
    standings: (periodId: string) => standings.all(periodId) as Promise<StandingRow[]>,
    /** Finished periods (before `current`) in which referrals of the player qualified, newest first. */
    myPeriods: async (userId: number, current: string, limit: number) =>
      (await myPeriods.all(userId, current, limit)).map(
        (r) => (r as { qualified_period_id: string }).qualified_period_id,
      ),
  };
}

export type FriendRepo = ReturnType<typeof createFriendRepo>;
