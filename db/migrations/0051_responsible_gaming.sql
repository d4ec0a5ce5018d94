-- Responsible gaming (issue 29 item 3; docs/responsible-gaming.md): deposit limits per Manila day, week and
-- month, and breaks from play (cool-off, self-exclusion).
--
-- One row per player and period. `amount` is the limit in force (NULL: none). A raise or a removal waits 24
-- hours: `pending_at` is when it applies and `pending_amount` the new limit (NULL with pending_at set: the
-- limit is removed then). A lower limit applies at once and clears what was pending.
CREATE TABLE deposit_limits (
  user_id        INTEGER NOT NULL REFERENCES users (id),
  period         TEXT    NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount         INTEGER CHECK (amount IS NULL OR amount > 0),
  pending_amount INTEGER CHECK (pending_amount IS NULL OR pending_amount > 0),
  pending_at     TEXT,
  updated_at     TEXT    NOT NULL,
  PRIMARY KEY (user_id, period)
) STRICT;

-- Every break a player took or support set for them; the one running is the latest whose `until` is in the
-- future (NULL: permanent). Rows are never updated or deleted: a break cannot be shortened or lifted.
CREATE TABLE play_breaks (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  kind       TEXT    NOT NULL CHECK (kind IN ('cooloff', 'exclusion')),
  since      TEXT    NOT NULL,
  until      TEXT,
  source     TEXT    NOT NULL CHECK (source IN ('player', 'ops')),
  reason     TEXT    NOT NULL DEFAULT '',
  created_at TEXT    NOT NULL
) STRICT;

CREATE INDEX play_breaks_user ON play_breaks (user_id, id);
