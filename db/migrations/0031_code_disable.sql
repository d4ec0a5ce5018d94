-- An operator can switch a redemption code off before it runs out or expires (issue 15 item 9):
-- disabled_at is when, NULL while the code is live. A disabled code answers like an expired one.
ALTER TABLE redemption_codes ADD COLUMN disabled_at TEXT;
