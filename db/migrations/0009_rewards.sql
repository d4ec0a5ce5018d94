-- Rewards: every claim of every domain (VIP, friends, ranking, poker, codes, mall, letters, tasks) is one
-- row here, unique on (player, reward key), so a replayed or concurrent claim moves nothing twice.
-- A key names the reward and its period, e.g. vip.daily:2026-11-20, letter:42, code:WELCOME100.

CREATE TABLE reward_claims (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  reward_key  TEXT    NOT NULL,
  source      TEXT    NOT NULL,
  rewards     TEXT    NOT NULL, -- JSON: the wire rewards granted (pesos for cash)
  created_at  TEXT    NOT NULL,
  UNIQUE (user_id, reward_key)
) STRICT;

CREATE INDEX reward_claims_source ON reward_claims (source, created_at);

-- Invite-friends energy: a reward unit of its own, outside the money ledger.
ALTER TABLE accounts ADD COLUMN energy INTEGER NOT NULL DEFAULT 0 CHECK (energy >= 0);
