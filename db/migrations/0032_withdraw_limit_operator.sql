-- An operator may change a VIP level's daily withdrawal limits (POST /ops/withdraw-limits/:vipLevel). Such
-- a row is marked, and the seed (db/seeds/withdrawals.json, written at every start) leaves it alone from
-- then on, so the change survives restarts and seed updates.
ALTER TABLE withdraw_limits ADD COLUMN set_by_operator INTEGER NOT NULL DEFAULT 0 CHECK (set_by_operator IN (0, 1));
