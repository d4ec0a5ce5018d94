-- Poker-card collection, redemption codes and the points mall (issue 5). Rewards themselves go through
-- reward_claims (0009) and the ledger; these tables hold what each feature needs beside them.

-- Draw odds per card, from db/seeds/poker.json (the seed file is their only source).
CREATE TABLE poker_odds (
  card   TEXT    PRIMARY KEY,
  weight INTEGER NOT NULL CHECK (weight > 0)
) STRICT;

-- Small settings of the event (duplicate consolation, grand prize turnover), JSON values from the seed.
CREATE TABLE poker_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- The cards each player holds, with copies.
CREATE TABLE poker_cards (
  user_id    INTEGER NOT NULL REFERENCES users (id),
  card       TEXT    NOT NULL,
  owned      INTEGER NOT NULL CHECK (owned > 0),
  first_at   TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (user_id, card)
) STRICT, WITHOUT ROWID;

-- Every draw. `chance` says which chance it used: the free one of its Manila day or a referral one.
CREATE TABLE poker_draws (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  card       TEXT    NOT NULL,
  chance     TEXT    NOT NULL CHECK (chance IN ('free', 'referral')),
  day        TEXT    NOT NULL, -- Manila day of the draw, YYYY-MM-DD
  duplicate  INTEGER NOT NULL CHECK (duplicate IN (0, 1)),
  completed  INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
  created_at TEXT    NOT NULL
) STRICT;

-- One free draw per player and Manila day, whatever the code above does.
CREATE UNIQUE INDEX poker_draws_free_day ON poker_draws (user_id, day) WHERE chance = 'free';
CREATE INDEX poker_draws_user ON poker_draws (user_id, chance);

-- One extra chance per referral whose first deposit succeeded: keyed by the referral, so a repeat
-- deposit (or a replayed event) of the same referral adds nothing.
CREATE TABLE poker_referral_chances (
  referral_id INTEGER PRIMARY KEY REFERENCES users (id),
  user_id     INTEGER NOT NULL REFERENCES users (id), -- the superior who earned the chance
  order_no    TEXT    NOT NULL,
  created_at  TEXT    NOT NULL
) STRICT;

CREATE INDEX poker_referral_chances_user ON poker_referral_chances (user_id);

-- The live feed of GET /api/poker/message: draws and grand prizes of every player.
CREATE TABLE poker_feed (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  kind       TEXT    NOT NULL CHECK (kind IN ('draw', 'grandPrize')),
  card       TEXT,
  amount     INTEGER, -- centavos, grand prizes only
  created_at TEXT    NOT NULL
) STRICT;

-- Redemption codes, matched without case (stored upper-case). `rewards` is JSON in server form
-- (cash in centavos). A code is used at most `total_uses` times, once per account.
CREATE TABLE redemption_codes (
  id         INTEGER PRIMARY KEY,
  code       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  rewards    TEXT    NOT NULL,
  total_uses INTEGER NOT NULL CHECK (total_uses > 0),
  used       INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= total_uses),
  min_vip    INTEGER NOT NULL DEFAULT 0 CHECK (min_vip >= 0),
  expires_at TEXT,
  remark     TEXT    NOT NULL DEFAULT '',
  source     TEXT    NOT NULL DEFAULT 'ops' CHECK (source IN ('seed', 'ops')),
  created_at TEXT    NOT NULL
) STRICT;

CREATE TABLE redemption_uses (
  id         INTEGER PRIMARY KEY,
  code_id    INTEGER NOT NULL REFERENCES redemption_codes (id),
  user_id    INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT    NOT NULL,
  UNIQUE (code_id, user_id)
) STRICT;

-- Mall items, from db/seeds/mall.json. `reward` is what one unit gives (JSON, server form). Stock left is
-- stock_total - sold (NULL stock_total: unlimited), so a reseed changes the stock without losing sales.
CREATE TABLE mall_items (
  id                INTEGER PRIMARY KEY,
  name_en           TEXT    NOT NULL,
  name_vi           TEXT    NOT NULL,
  description_en    TEXT    NOT NULL,
  description_vi    TEXT    NOT NULL,
  image             TEXT    NOT NULL,
  price             INTEGER NOT NULL CHECK (price > 0),
  reward            TEXT    NOT NULL,
  stock_total       INTEGER CHECK (stock_total IS NULL OR stock_total >= 0),
  sold              INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
  per_account_limit INTEGER CHECK (per_account_limit IS NULL OR per_account_limit > 0),
  min_vip           INTEGER NOT NULL DEFAULT 0 CHECK (min_vip >= 0),
  sort              INTEGER NOT NULL DEFAULT 0,
  enabled           INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1))
) STRICT;

CREATE TABLE mall_orders (
  id         INTEGER PRIMARY KEY,
  order_no   TEXT    NOT NULL UNIQUE,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  item_id    INTEGER NOT NULL REFERENCES mall_items (id),
  quantity   INTEGER NOT NULL CHECK (quantity > 0),
  points     INTEGER NOT NULL CHECK (points > 0),
  rewards    TEXT    NOT NULL, -- JSON: the wire rewards granted
  created_at TEXT    NOT NULL
) STRICT;

CREATE INDEX mall_orders_user_item ON mall_orders (user_id, item_id);
