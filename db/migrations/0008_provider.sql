-- The demo game provider's own records (a provider keeps its own books). Each round is written before
-- the wallet is called, so a crash between the bet and the win is finished on the next start.

CREATE TABLE provider_rounds (
  id                  INTEGER PRIMARY KEY,
  round_id            TEXT    NOT NULL UNIQUE,
  game                TEXT    NOT NULL,
  session_token       TEXT    NOT NULL,
  bet_transaction_id  TEXT    NOT NULL UNIQUE,
  win_transaction_id  TEXT    NOT NULL UNIQUE,
  bet                 INTEGER NOT NULL,
  win                 INTEGER NOT NULL,
  outcome             TEXT    NOT NULL,
  result              TEXT    NOT NULL,
  state               TEXT    NOT NULL CHECK (state IN ('betting', 'bet_placed', 'settled', 'void')),
  created_at          TEXT    NOT NULL,
  updated_at          TEXT    NOT NULL
) STRICT;

CREATE INDEX provider_rounds_open ON provider_rounds (state) WHERE state IN ('betting', 'bet_placed');
