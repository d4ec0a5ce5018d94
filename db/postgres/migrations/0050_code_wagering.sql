-- Pair of db/migrations/0050_code_wagering.sql.
-- Wagering on a redemption code's cash (issue 29 "Risk"; docs/rewards.md "Wagering on farmable cash"): a
-- code's cash was withdrawable at once. Each code now keeps the turnover multiple its cash must be bet
-- before a withdrawal; the codes that exist get the default of db/seeds/reward-wagering.json (5).
ALTER TABLE redemption_codes ADD COLUMN turnover_multiple INTEGER NOT NULL DEFAULT 5
  CHECK (turnover_multiple >= 0 AND turnover_multiple <= 100);
