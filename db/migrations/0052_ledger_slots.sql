-- A counterparty's balance is spread over 64 slots (docs/money.md, "The journal"): a transfer adds to the
-- slot of its player (user_id % 64), so two players' concurrent bets never write the same row. With one
-- row per counterparty every bet of every player updated the provider's row, and on PostgreSQL concurrent
-- SERIALIZABLE transactions that update one row abort all but the first. The balance is the slots' sum.
CREATE TABLE ledger_account_slots (
  code    TEXT    NOT NULL REFERENCES ledger_accounts (code),
  slot    INTEGER NOT NULL CHECK (slot >= 0 AND slot < 64),
  balance INTEGER NOT NULL DEFAULT 0,
  point   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (code, slot)
) STRICT;

WITH RECURSIVE slots (slot) AS (SELECT 0 UNION ALL SELECT slot + 1 FROM slots WHERE slot < 63)
INSERT INTO ledger_account_slots (code, slot, balance, point)
SELECT l.code, s.slot, CASE WHEN s.slot = 0 THEN l.balance ELSE 0 END, CASE WHEN s.slot = 0 THEN l.point ELSE 0 END
  FROM ledger_accounts l CROSS JOIN slots s;

ALTER TABLE ledger_accounts DROP COLUMN balance;
ALTER TABLE ledger_accounts DROP COLUMN point;
