-- A double-entry ledger (docs/money.md, "The ledger's invariants").
--
-- 1. Counterparty accounts. Every journal row is a transfer between a player's account (its buckets:
--    balance, frozen, point) and one counterparty account below, named by balance_journal.counterparty.
--    A counterparty's balance is the negation of everything it ever sent to the players' side, so the sum
--    of every account, players' and counterparties', is zero after every commit.
CREATE TABLE ledger_accounts (
  code    TEXT    PRIMARY KEY,
  name    TEXT    NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0,
  point   INTEGER NOT NULL DEFAULT 0
) STRICT;

INSERT INTO ledger_accounts (code, name) VALUES
  ('house', 'The house: operator adjustments'),
  ('gateway', 'The payment gateway: deposits paid in'),
  ('payout', 'The payout gateway: withdrawals paid out'),
  ('provider', 'The game provider: bets, wins, cancelled bets'),
  ('promotions', 'Promotions: deposit bonuses, rewards, rebates, points, the mall');

ALTER TABLE balance_journal ADD COLUMN counterparty TEXT NOT NULL DEFAULT 'house';

UPDATE balance_journal SET counterparty = CASE
  WHEN type = 'deposit' THEN 'gateway'
  WHEN type IN ('withdraw', 'withdraw_return', 'withdraw_paid') THEN 'payout'
  WHEN type IN ('bet', 'win', 'rollback') THEN 'provider'
  WHEN type IN ('deposit_bonus', 'reward', 'rebate', 'points', 'mall') THEN 'promotions'
  ELSE 'house'
END;

-- The counterparty postings of the journals written before this migration: each counterparty holds the
-- negation of what it moved, so an existing database is whole from here on.
UPDATE ledger_accounts SET
  balance = -(SELECT COALESCE(SUM(j.amount + j.frozen_delta), 0) FROM balance_journal j WHERE j.counterparty = code),
  point = -(SELECT COALESCE(SUM(j.point_delta), 0) FROM balance_journal j WHERE j.counterparty = code);

-- 2. A transfer is written once: (type, reference) is unique per player account (a reward key such as
--    'signin:2026-11-24' is per player; order numbers and round ids are unique anyway). Rows written
--    before this index that repeat one keep the first and get '#<id>' after their reference.
UPDATE balance_journal SET reference = reference || '#' || id
 WHERE id NOT IN (SELECT MIN(id) FROM balance_journal GROUP BY type, reference, user_id);

CREATE UNIQUE INDEX balance_journal_transfer ON balance_journal (type, reference, user_id);

-- 3. Counters that are not money leave the accounts table: turnover, deposits, points earned, energy.
CREATE TABLE account_counters (
  user_id           INTEGER PRIMARY KEY REFERENCES users (id),
  point_earned      INTEGER NOT NULL DEFAULT 0,
  deposit_total     INTEGER NOT NULL DEFAULT 0,
  deposit_count     INTEGER NOT NULL DEFAULT 0,
  turnover_required INTEGER NOT NULL DEFAULT 0,
  turnover_done     INTEGER NOT NULL DEFAULT 0,
  turnover_total    INTEGER NOT NULL DEFAULT 0,
  energy            INTEGER NOT NULL DEFAULT 0 CHECK (energy >= 0)
) STRICT;

INSERT INTO account_counters (user_id, point_earned, deposit_total, deposit_count, turnover_required, turnover_done,
  turnover_total, energy)
SELECT user_id, point_earned, deposit_total, deposit_count, turnover_required, turnover_done, turnover_total, energy
  FROM accounts;

ALTER TABLE accounts DROP COLUMN point_earned;
ALTER TABLE accounts DROP COLUMN deposit_total;
ALTER TABLE accounts DROP COLUMN deposit_count;
ALTER TABLE accounts DROP COLUMN turnover_required;
ALTER TABLE accounts DROP COLUMN turnover_done;
ALTER TABLE accounts DROP COLUMN turnover_total;
ALTER TABLE accounts DROP COLUMN energy;
