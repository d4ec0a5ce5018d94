-- Pair of db/migrations/0052_ledger_slots.sql: a counterparty's balance spread over 64 slots, one per
-- user_id % 64, so concurrent SERIALIZABLE transfers of different players never update one row.
CREATE TABLE ledger_account_slots (
  code    TEXT   NOT NULL REFERENCES ledger_accounts (code),
  slot    INTEGER NOT NULL CHECK (slot >= 0 AND slot < 64),
  balance BIGINT NOT NULL DEFAULT 0,
  point   BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (code, slot)
);

INSERT INTO ledger_account_slots (code, slot, balance, point)
SELECT l.code, s.slot, CASE WHEN s.slot = 0 THEN l.balance ELSE 0 END, CASE WHEN s.slot = 0 THEN l.point ELSE 0 END
  FROM ledger_accounts l CROSS JOIN generate_series(0, 63) AS s (slot);

ALTER TABLE ledger_accounts DROP COLUMN balance;
ALTER TABLE ledger_accounts DROP COLUMN point;
