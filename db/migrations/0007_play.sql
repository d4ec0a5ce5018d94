-- Playing: game launches (one-time launch token, then a session token for the provider), rounds, and the
-- seamless wallet's transactions (idempotent on the provider's transaction id).

CREATE TABLE game_launches (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users (id),
  game_id            INTEGER NOT NULL REFERENCES games (id),
  launch_token_hash  TEXT    NOT NULL UNIQUE,
  launch_expires_at  TEXT    NOT NULL,
  session_token_hash TEXT    UNIQUE,
  session_expires_at TEXT,
  language           TEXT    NOT NULL DEFAULT 'en-US',
  created_at         TEXT    NOT NULL
) STRICT;

CREATE INDEX game_launches_user ON game_launches (user_id, id);

CREATE TABLE game_rounds (
  id         INTEGER PRIMARY KEY,
  round_id   TEXT    NOT NULL UNIQUE,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  game_id    INTEGER NOT NULL REFERENCES games (id),
  launch_id  INTEGER NOT NULL REFERENCES game_launches (id),
  bet        INTEGER NOT NULL CHECK (bet > 0),
  win        INTEGER NOT NULL DEFAULT 0 CHECK (win >= 0),
  status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'refunded')),
  result     TEXT    NOT NULL DEFAULT '',
  created_at TEXT    NOT NULL,
  settled_at TEXT
) STRICT;

CREATE INDEX game_rounds_user ON game_rounds (user_id, created_at);

CREATE TABLE wallet_transactions (
  id             INTEGER PRIMARY KEY,
  transaction_id TEXT    NOT NULL UNIQUE,
  kind           TEXT    NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  round_id       TEXT    NOT NULL,
  user_id        INTEGER NOT NULL REFERENCES users (id),
  amount         INTEGER NOT NULL,
  request        TEXT    NOT NULL,
  answer         TEXT    NOT NULL,
  created_at     TEXT    NOT NULL
) STRICT;
