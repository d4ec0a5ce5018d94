-- Inbox letters, tasks and daily bonuses (issue 5). Claims themselves are rows of reward_claims
-- (keys letter:<id>, task:<code>[:<day>], signin:<n>, dailyDeposit:<day>:<tier>, returnGift:<day>).

-- What an operator sent through POST /ops/letters: to one player or to every player at that instant.
CREATE TABLE letter_sends (
  id          INTEGER PRIMARY KEY,
  audience    TEXT    NOT NULL CHECK (audience IN ('player', 'all')),
  user_id     INTEGER REFERENCES users (id),
  type        TEXT    NOT NULL,
  title_en    TEXT    NOT NULL,
  title_vi    TEXT    NOT NULL,
  content_en  TEXT    NOT NULL,
  content_vi  TEXT    NOT NULL,
  rewards     TEXT    NOT NULL DEFAULT '[]', -- JSON: rewards in the server form (cash in centavos)
  recipients  INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT    NOT NULL
) STRICT;

-- One letter of one player, both languages stored; the request's language picks. Deleting only marks it,
-- so an id (and its claim key letter:<id>) is never used twice.
CREATE TABLE letters (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  type        TEXT    NOT NULL CHECK (type IN ('system', 'notice', 'reward')),
  template    TEXT    NOT NULL DEFAULT '', -- what wrote it: welcome, deposit, withdraw, kyc, ops
  reference   TEXT    NOT NULL DEFAULT '', -- what it is about (an order number...)
  send_id     INTEGER REFERENCES letter_sends (id),
  title_en    TEXT    NOT NULL,
  title_vi    TEXT    NOT NULL,
  content_en  TEXT    NOT NULL,
  content_vi  TEXT    NOT NULL,
  rewards     TEXT    NOT NULL DEFAULT '[]', -- JSON: rewards in the server form (cash in centavos)
  read_at     TEXT,
  claimed_at  TEXT,
  deleted_at  TEXT,
  created_at  TEXT    NOT NULL
) STRICT;

CREATE INDEX letters_user ON letters (user_id, id) WHERE deleted_at IS NULL;
CREATE INDEX letters_unread ON letters (user_id, type) WHERE read_at IS NULL AND deleted_at IS NULL;
CREATE INDEX letters_send ON letters (send_id);

-- Task definitions, from db/seeds/tasks.json at every start.
CREATE TABLE tasks (
  code              TEXT    PRIMARY KEY,
  period            TEXT    NOT NULL CHECK (period IN ('daily', 'once')),
  metric            TEXT    NOT NULL,
  target            INTEGER NOT NULL CHECK (target > 0), -- centavos for money metrics, else a count
  rewards           TEXT    NOT NULL,                    -- JSON: rewards in the server form
  turnover_multiple INTEGER NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0),
  title_en          TEXT    NOT NULL,
  title_vi          TEXT    NOT NULL,
  sort_order        INTEGER NOT NULL DEFAULT 0,
  enabled           INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1))
) STRICT;

-- The 30-day sign-in, daily deposit and return gift settings (JSON per key), from db/seeds/tasks.json.
CREATE TABLE bonus_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE INDEX reward_claims_user_source ON reward_claims (user_id, source, reward_key);
