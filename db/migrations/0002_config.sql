-- The config domain: settings, legal texts, FAQ, banners and notices (all written from db/seeds by the
-- config seeder at every start), and the queue of pixel events waiting for a player's client.
-- Texts a player reads live in *_texts tables, one row per language; en-US is the fallback.

-- Settings by key (support contacts, download page, app version, brand, pixel id), as text.
CREATE TABLE app_config (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Long texts per language: privacy_policy, terms_of_use (markdown) and licence_text (the footer line).
CREATE TABLE documents (
  slug TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en-US', 'vi-VN')),
  body TEXT NOT NULL,
  PRIMARY KEY (slug, lang)
) STRICT;

CREATE TABLE faq (
  id         INTEGER PRIMARY KEY,
  sort_order INTEGER NOT NULL
) STRICT;

CREATE TABLE faq_texts (
  faq_id   INTEGER NOT NULL REFERENCES faq (id) ON DELETE CASCADE,
  lang     TEXT    NOT NULL CHECK (lang IN ('en-US', 'vi-VN')),
  category TEXT    NOT NULL,
  question TEXT    NOT NULL,
  answer   TEXT    NOT NULL,
  PRIMARY KEY (faq_id, lang)
) STRICT;

CREATE TABLE banners (
  id         INTEGER PRIMARY KEY,
  sort_order INTEGER NOT NULL,
  link       TEXT    NOT NULL DEFAULT '',
  link_type  TEXT    NOT NULL CHECK (link_type IN ('route', 'url', 'none'))
) STRICT;

-- Banner images carry words, so the image is per language too.
CREATE TABLE banner_texts (
  banner_id INTEGER NOT NULL REFERENCES banners (id) ON DELETE CASCADE,
  lang      TEXT    NOT NULL CHECK (lang IN ('en-US', 'vi-VN')),
  title     TEXT    NOT NULL,
  image_url TEXT    NOT NULL,
  PRIMARY KEY (banner_id, lang)
) STRICT;

-- A notice is shown from published_at on (read against the virtual clock).
CREATE TABLE notices (
  id           INTEGER PRIMARY KEY,
  published_at TEXT    NOT NULL
) STRICT;

CREATE INDEX notices_published ON notices (published_at);

CREATE TABLE notice_texts (
  notice_id INTEGER NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  lang      TEXT    NOT NULL CHECK (lang IN ('en-US', 'vi-VN')),
  title     TEXT    NOT NULL,
  content   TEXT    NOT NULL,
  PRIMARY KEY (notice_id, lang)
) STRICT;

-- Pixel events (CompleteRegistration, Purchase, ...) for the player's client to fire once.
-- delivered_at is set when the client fetched them; a pending event has none.
CREATE TABLE fb_events (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id),
  name           TEXT    NOT NULL,
  value_centavos INTEGER CHECK (value_centavos IS NULL OR value_centavos >= 0),
  currency       TEXT,
  created_at     TEXT    NOT NULL,
  delivered_at   TEXT
) STRICT;

CREATE INDEX fb_events_pending ON fb_events (user_id, id) WHERE delivered_at IS NULL;
