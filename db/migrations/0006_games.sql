-- The game catalog (menu, providers, games), the players' favourites, search counts and the Help Slot tab.
-- Reference rows come from db/seeds/games. Launch (POST /api/game/getUrl) reads a game's per-game settings:
-- playable, open_mode, need_bind_wallet and provider_game (the demo provider's game key).

CREATE TABLE game_menu (
  code          TEXT PRIMARY KEY CHECK (code IN ('default', 'hot', 'slot', 'live', 'sports', 'fish', 'poker', 'arcade')),
  name_en       TEXT    NOT NULL,
  name_vi       TEXT    NOT NULL,
  show_provider INTEGER NOT NULL DEFAULT 1 CHECK (show_provider IN (0, 1)),
  show_type     INTEGER NOT NULL DEFAULT 0 CHECK (show_type IN (0, 1, 2)),
  bg_color      TEXT    NOT NULL,
  sort_order    INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE providers (
  code       TEXT PRIMARY KEY,
  name       TEXT    NOT NULL,
  logo_url   TEXT    NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE games (
  id               INTEGER PRIMARY KEY,
  code             TEXT    NOT NULL UNIQUE,
  name             TEXT    NOT NULL,
  -- The name as search compares it: ' ' + lower case, accents and punctuation removed (game/search.ts).
  search_name      TEXT    NOT NULL,
  type             TEXT    NOT NULL CHECK (type IN ('slot', 'live', 'sports', 'fish', 'poker', 'arcade')),
  provider         TEXT    NOT NULL REFERENCES providers (code),
  thumbnail_url    TEXT    NOT NULL,
  hot              INTEGER NOT NULL DEFAULT 0 CHECK (hot IN (0, 1)),
  new              INTEGER NOT NULL DEFAULT 0 CHECK (new IN (0, 1)),
  playable         INTEGER NOT NULL DEFAULT 0 CHECK (playable IN (0, 1)),
  open_mode        TEXT    NOT NULL DEFAULT 'iframe' CHECK (open_mode IN ('iframe', 'browser')),
  need_bind_wallet INTEGER NOT NULL DEFAULT 0 CHECK (need_bind_wallet IN (0, 1)),
  -- The demo provider's game key ('slot', 'baccarat', 'crash') of a playable game; NULL otherwise.
  provider_game    TEXT,
  -- Higher first in every list.
  popularity       INTEGER NOT NULL DEFAULT 0,
  -- 0 once the game left the seed file: hidden everywhere, kept for favourites and game records.
  enabled          INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at       TEXT    NOT NULL,
  CHECK (playable = 0 OR provider_game IS NOT NULL)
) STRICT;

CREATE INDEX games_type ON games (type, popularity DESC, id) WHERE enabled = 1;
CREATE INDEX games_provider ON games (provider, popularity DESC, id) WHERE enabled = 1;
CREATE INDEX games_popular ON games (popularity DESC, id) WHERE enabled = 1;

CREATE TABLE game_favourites (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  game_id    INTEGER NOT NULL REFERENCES games (id),
  created_at TEXT    NOT NULL,
  UNIQUE (user_id, game_id)
) STRICT;

CREATE INDEX game_favourites_recent ON game_favourites (user_id, created_at);

-- One row per normalized search term. `hits` counts the searches that found at least one game: only those
-- make a term popular (searchDiscover), so typos and junk never show up there.
CREATE TABLE game_search_terms (
  term        TEXT PRIMARY KEY,
  searches    INTEGER NOT NULL DEFAULT 0,
  hits        INTEGER NOT NULL DEFAULT 0,
  last_at     TEXT    NOT NULL,
  last_hit_at TEXT
) STRICT;

CREATE INDEX game_search_popular ON game_search_terms (hits DESC, last_hit_at DESC) WHERE hits > 0;

-- The Help Slot tab, per language: a title, Markdown content and the featured game codes (JSON array).
CREATE TABLE game_help (
  lang     TEXT PRIMARY KEY,
  title    TEXT NOT NULL,
  content  TEXT NOT NULL,
  featured TEXT NOT NULL DEFAULT '[]'
) STRICT;

-- Moved by every change to games or providers. The catalog service keeps the enabled games in memory
-- (every list and search reads them there) and reloads them when this number moves.
CREATE TABLE game_catalog_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;

INSERT INTO game_catalog_version (id, version) VALUES (1, 0);

CREATE TRIGGER games_inserted AFTER INSERT ON games BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
CREATE TRIGGER games_updated AFTER UPDATE ON games BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
CREATE TRIGGER providers_inserted AFTER INSERT ON providers BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
CREATE TRIGGER providers_updated AFTER UPDATE ON providers BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
CREATE TRIGGER providers_deleted AFTER DELETE ON providers BEGIN
  UPDATE game_catalog_version SET version = version + 1;
END;
