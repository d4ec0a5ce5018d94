-- Provably fair rounds (docs/provably-fair.md). A seed pair belongs to a player (the casino's uid) and a
-- title; player 0 is a shared dealer table. The pair in use has revealed_at NULL: its hash is shown before
-- any bet, each round takes nonce + 1, and rotating reveals the server seed and opens a new pair.

CREATE TABLE provider_seeds (
  id               INTEGER PRIMARY KEY,
  player_id        INTEGER NOT NULL,
  title            TEXT    NOT NULL,
  server_seed      TEXT    NOT NULL,
  server_seed_hash TEXT    NOT NULL UNIQUE,
  client_seed      TEXT    NOT NULL,
  nonce            INTEGER NOT NULL DEFAULT 0,
  revealed_at      TEXT,
  created_at       TEXT    NOT NULL
) STRICT;

CREATE UNIQUE INDEX provider_seeds_current ON provider_seeds (player_id, title) WHERE revealed_at IS NULL;
CREATE INDEX provider_seeds_revealed ON provider_seeds (player_id, title, id) WHERE revealed_at IS NOT NULL;

-- What recomputes a round: the title, the seeds (by hash) and nonce, the page's parameters and, for a
-- stepped round, its actions in order. `done` is 0 while a stepped round waits for the player's actions.
ALTER TABLE provider_rounds ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE provider_rounds ADD COLUMN server_seed_hash TEXT;
ALTER TABLE provider_rounds ADD COLUMN client_seed TEXT;
ALTER TABLE provider_rounds ADD COLUMN nonce INTEGER;
ALTER TABLE provider_rounds ADD COLUMN params TEXT NOT NULL DEFAULT '{}';
ALTER TABLE provider_rounds ADD COLUMN actions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE provider_rounds ADD COLUMN done INTEGER NOT NULL DEFAULT 1;

CREATE INDEX provider_rounds_seed ON provider_rounds (server_seed_hash);
