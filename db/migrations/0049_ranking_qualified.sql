-- The weekly invite ranking counts a referral only once it deposited AND wagered (issue 29, "One friend who
-- deposits wins the 1,000 weekly ranking prize"; docs/rewards.md "Invite ranking"). A referral's first
-- deposit row now keeps the amount, and qualifies (qualified_period_id, qualified_at) once the referral's
-- lifetime turnover reaches qualifyingTurnoverMultiple (db/seeds/vip.json `ranking`) times it: it counts in
-- the Manila week it qualified in, ties going to who qualified first (server/src/domains/friend/service.ts).
-- A rollback of bets later does not un-qualify. Rows already there are grandfathered: qualified in the
-- week of their deposit, at its time, as the ranking counted them until now.
ALTER TABLE referral_first_deposits ADD COLUMN amount INTEGER NOT NULL DEFAULT 0; -- first deposit, centavos
ALTER TABLE referral_first_deposits ADD COLUMN qualified_period_id TEXT; -- Manila week id; NULL: not yet
ALTER TABLE referral_first_deposits ADD COLUMN qualified_at TEXT;

UPDATE referral_first_deposits SET qualified_period_id = period_id, qualified_at = deposited_at;

DROP INDEX referral_first_deposits_period;
DROP INDEX referral_first_deposits_user;
CREATE INDEX referral_first_deposits_qualified_period ON referral_first_deposits (qualified_period_id, user_id);
CREATE INDEX referral_first_deposits_user_qualified ON referral_first_deposits (user_id, qualified_period_id);
