-- Pair of db/migrations/0049_ranking_qualified.sql: a referral's first deposit keeps its amount and counts in
-- the invite ranking from the Manila week its turnover reached qualifyingTurnoverMultiple times it (NULL
-- until then); rows already there are grandfathered in the week of their deposit.
ALTER TABLE referral_first_deposits
  ADD COLUMN amount              BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN qualified_period_id TEXT,
  ADD COLUMN qualified_at        TEXT;

UPDATE referral_first_deposits SET qualified_period_id = period_id, qualified_at = deposited_at;

DROP INDEX referral_first_deposits_period;
DROP INDEX referral_first_deposits_user;
CREATE INDEX referral_first_deposits_qualified_period ON referral_first_deposits (qualified_period_id, user_id);
CREATE INDEX referral_first_deposits_user_qualified ON referral_first_deposits (user_id, qualified_period_id);
