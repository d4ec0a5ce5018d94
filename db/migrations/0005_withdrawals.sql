-- Identity verification (KYC), withdrawals with their status history, withdrawal captchas, VIP withdrawal
-- limits and withdrawal settings. Amounts are integer centavos; times ISO 8601 UTC text from the clock.

-- One row per submission; the latest row of a player is their KYC status ('unverified' = no row yet).
-- A rejected player may submit again: a new row. At most one open (pending) or verified row per player.
CREATE TABLE kyc_submissions (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id),
  real_name    TEXT    NOT NULL,
  birth_date   TEXT    NOT NULL, -- MM/DD/YYYY, as the spec writes dates
  id_type      TEXT    NOT NULL CHECK (id_type IN ('passport', 'drivers_license', 'umid', 'philsys', 'prc', 'postal',
                                                   'voters', 'sss')),
  id_number    TEXT    NOT NULL,
  status       TEXT    NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('unverified', 'pending', 'verified', 'rejected')),
  reason       TEXT    NOT NULL DEFAULT '',
  submitted_at TEXT    NOT NULL,
  decided_at   TEXT,
  decided_by   TEXT
) STRICT;

CREATE INDEX kyc_submissions_user ON kyc_submissions (user_id, id);
CREATE INDEX kyc_submissions_status ON kyc_submissions (status, id);
CREATE UNIQUE INDEX kyc_submissions_open ON kyc_submissions (user_id) WHERE status IN ('pending', 'verified');

-- One wallet account belongs to one player (no fund sharing between players, spec section 1).
CREATE UNIQUE INDEX user_wallets_account ON user_wallets (bank, account);

-- Daily withdrawal limits per VIP level (db/seeds/withdrawals.json, written at every start).
CREATE TABLE withdraw_limits (
  vip_level    INTEGER PRIMARY KEY CHECK (vip_level >= 0),
  daily_amount INTEGER NOT NULL CHECK (daily_amount > 0),
  daily_count  INTEGER NOT NULL CHECK (daily_count > 0)
) STRICT;

-- Withdrawal settings as JSON values (payoutDelaySeconds, feePercent; autoApprove once an operator sets it).
CREATE TABLE withdraw_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Status: 0 Pending, 1 Reviewed, 2 Success, 3 Failed, 4 Rejected, 5 Exception, 6 Processing.
-- The wallet is copied at creation, so the order shows where the money went even if records change.
CREATE TABLE withdrawals (
  id             INTEGER PRIMARY KEY,
  order_no       TEXT    NOT NULL UNIQUE,
  user_id        INTEGER NOT NULL REFERENCES users (id),
  amount         INTEGER NOT NULL CHECK (amount > 0),
  fee            INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0 AND fee <= amount),
  bank           TEXT    NOT NULL,
  wallet_name    TEXT    NOT NULL,
  wallet_account TEXT    NOT NULL,
  status         INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 6),
  remark         TEXT    NOT NULL DEFAULT '',
  manila_day     TEXT    NOT NULL, -- business day of creation (YYYY-MM-DD), for the daily limits
  payout_ref     TEXT,             -- the sandbox payout gateway's reference, once submitted
  payout_result  TEXT    CHECK (payout_result IN ('success', 'failed', 'exception')),
  payout_due_at  TEXT,             -- when the sandbox reports payout_result, while Processing
  created_at     TEXT    NOT NULL,
  updated_at     TEXT    NOT NULL
) STRICT;

CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_user_day ON withdrawals (user_id, manila_day);
CREATE INDEX withdrawals_status ON withdrawals (status, payout_due_at);

-- Every status change (from_status NULL = created), written in the transaction that makes it.
CREATE TABLE withdrawal_events (
  id            INTEGER PRIMARY KEY,
  withdrawal_id INTEGER NOT NULL REFERENCES withdrawals (id),
  from_status   INTEGER CHECK (from_status BETWEEN 0 AND 6),
  to_status     INTEGER NOT NULL CHECK (to_status BETWEEN 0 AND 6),
  actor         TEXT    NOT NULL, -- player, ops, auto (autoApprove), sandbox (payout gateway)
  reason        TEXT    NOT NULL DEFAULT '',
  created_at    TEXT    NOT NULL
) STRICT;

CREATE INDEX withdrawal_events_withdrawal ON withdrawal_events (withdrawal_id, id);

-- Captcha tokens are sealed (the answer travels encrypted inside the token), so issuing one writes
-- nothing. A token is burned here on its first use, right or wrong: single use.
CREATE TABLE captchas (
  token_hash TEXT    PRIMARY KEY, -- sha256 hex of the token
  user_id    INTEGER NOT NULL REFERENCES users (id),
  correct    INTEGER NOT NULL CHECK (correct IN (0, 1)),
  expires_at TEXT    NOT NULL,
  used_at    TEXT    NOT NULL
) STRICT;

CREATE INDEX captchas_expires ON captchas (expires_at);
