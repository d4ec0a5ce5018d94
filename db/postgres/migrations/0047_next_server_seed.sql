-- Pair of db/migrations/0047_next_server_seed.sql: the committed next server seed of each pair in use.
ALTER TABLE provider_seeds ADD COLUMN next_server_seed TEXT;
ALTER TABLE provider_seeds ADD COLUMN next_server_seed_hash TEXT;
