-- A withdrawal checks the player's totals of the Manila day (count and amount of orders not Failed or
-- Rejected). This index answers that from the index alone, instead of reading each order of the day.
CREATE INDEX withdrawals_user_day_totals ON withdrawals (user_id, manila_day, status, amount);
DROP INDEX withdrawals_user_day;
