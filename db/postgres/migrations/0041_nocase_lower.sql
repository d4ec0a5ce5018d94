-- Pair of db/migrations/0041_nocase_lower.sql. Nothing to add here: the baseline already has the unique
-- indexes users_username_nocase, users_invitation_code_nocase and redemption_codes_code_nocase on
-- lower(column), PostgreSQL's form of SQLite's UNIQUE COLLATE NOCASE.
SELECT 1;
