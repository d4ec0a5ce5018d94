-- The ledger: one account row per player and a journal row for every change, in integer centavos.
-- Invariant, per account: SUM(amount) = balance, SUM(frozen_delta) = frozen, SUM(point_delta) = point.

CREATE TABLE accounts (
  user_id           INTEGER PRIMARY KEY REFERENCES users (id),
  balance           INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  frozen            INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  point             INTEGER NOT NULL DEFAULT 0 CHECK (point >= 0),
  point_earned      INTEGER NOT NULL DEFAULT 0,
  deposit_total     INTEGER NOT NULL DEFAULT 0,
  deposit_count     INTEGER NOT NULL DEFAULT 0,
  turnover_required INTEGER NOT NULL DEFAULT 0,
  turnover_done     INTEGER NOT NULL DEFAULT 0,
  turnover_total    INTEGER NOT NULL DEFAULT 0,
  updated_at        TEXT    NOT NULL
) STRICT;

CREATE TABLE balance_journal (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES accounts (user_id),
  type          TEXT    NOT NULL,
  amount        INTEGER NOT NULL,
  frozen_delta  INTEGER NOT NULL DEFAULT 0,
  point_delta   INTEGER NOT NULL DEFAULT 0,
  balance_after INTEGER NOT NULL,
  frozen_after  INTEGER NOT NULL,
  point_after   INTEGER NOT NULL,
  reference     TEXT    NOT NULL,
  remark        TEXT    NOT NULL DEFAULT '',
  created_at    TEXT    NOT NULL
) STRICT;

CREATE INDEX balance_journal_user ON balance_journal (user_id, id);
CREATE INDEX balance_journal_user_type ON balance_journal (user_id, type, created_at);
