-- VIP levels and their rewards, referral (friends) rebates and the weekly invite ranking.
-- Money in integer centavos; rates in basis points (50 = 0.5%); times ISO 8601 UTC text.

-- The level table, from db/seeds/vip.json at every start. Withdrawal limits per level stay in
-- withdraw_limits (db/seeds/withdrawals.json), their only source.
CREATE TABLE vip_levels (
  level              INTEGER PRIMARY KEY CHECK (level >= 0),
  deposit_threshold  INTEGER NOT NULL CHECK (deposit_threshold >= 0),
  turnover_threshold INTEGER NOT NULL CHECK (turnover_threshold >= 0),
  daily_reward       INTEGER NOT NULL CHECK (daily_reward >= 0),
  monthly_reward     INTEGER NOT NULL CHECK (monthly_reward >= 0),
  deposit_rebate_bp  INTEGER NOT NULL CHECK (deposit_rebate_bp BETWEEN 0 AND 10000),
  turnover_rebate_bp INTEGER NOT NULL CHECK (turnover_rebate_bp BETWEEN 0 AND 10000),
  decay_percent      INTEGER NOT NULL CHECK (decay_percent BETWEEN 0 AND 100)
) STRICT;

-- Settings of the friends card and the ranking (JSON values), from the same seed file.
CREATE TABLE vip_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Rebate watermarks of each player: the cumulative deposits / turnover already paid a VIP rebate, and the
-- fraction of a centavo left over (in 1/10000 centavo), so no claim pays twice or loses anything.
CREATE TABLE vip_rebate_marks (
  user_id        INTEGER PRIMARY KEY REFERENCES users (id),
  deposit_mark   INTEGER NOT NULL DEFAULT 0,
  deposit_carry  INTEGER NOT NULL DEFAULT 0,
  turnover_mark  INTEGER NOT NULL DEFAULT 0,
  turnover_carry INTEGER NOT NULL DEFAULT 0,
  updated_at     TEXT    NOT NULL
) STRICT;

-- What a player earns from their referrals: one row per referral deposit, one per referral and Manila day
-- of turnover (grown while unclaimed), one per ranking prize claimed. claim_key names the claim that paid it.
CREATE TABLE friend_rewards (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  friend_id   INTEGER REFERENCES users (id),
  kind        TEXT    NOT NULL CHECK (kind IN ('deposit', 'turnover', 'ranking')),
  day         TEXT    NOT NULL,
  reference   TEXT    NOT NULL,
  base_amount INTEGER NOT NULL CHECK (base_amount >= 0),
  amount      INTEGER NOT NULL CHECK (amount >= 0),
  claim_key   TEXT,
  claimed_at  TEXT,
  created_at  TEXT    NOT NULL,
  updated_at  TEXT    NOT NULL
) STRICT;

CREATE INDEX friend_rewards_user ON friend_rewards (user_id, kind, claimed_at);
CREATE UNIQUE INDEX friend_rewards_deposit_once ON friend_rewards (reference) WHERE kind = 'deposit';
CREATE UNIQUE INDEX friend_rewards_open_turnover ON friend_rewards (user_id, friend_id, day)
  WHERE kind = 'turnover' AND claimed_at IS NULL;

-- The turnover of each referral already credited to their inviter (a high-water mark: a rollback after it
-- is made up by later bets before anything new accrues).
CREATE TABLE friend_turnover_marks (
  friend_id INTEGER PRIMARY KEY REFERENCES users (id),
  mark      INTEGER NOT NULL
) STRICT;

-- A referral's first successful deposit while bound to an inviter: one invite won, in the ranking period
-- (Manila week, id = its Monday) it fell in.
CREATE TABLE referral_first_deposits (
  friend_id    INTEGER PRIMARY KEY REFERENCES users (id),
  user_id      INTEGER NOT NULL REFERENCES users (id),
  period_id    TEXT    NOT NULL,
  order_no     TEXT    NOT NULL,
  deposited_at TEXT    NOT NULL
) STRICT;

CREATE INDEX referral_first_deposits_period ON referral_first_deposits (period_id, user_id);
CREATE INDEX referral_first_deposits_user ON referral_first_deposits (user_id, period_id);
