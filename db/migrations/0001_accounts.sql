-- Accounts, sessions, the simulated SMS outbox and small key/value state.
-- Times are ISO 8601 UTC text written from the clock plugin, so text order is time order.

CREATE TABLE app_state (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE users (
  id                  INTEGER PRIMARY KEY,
  uid                 INTEGER NOT NULL UNIQUE,
  username            TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  phone               TEXT    UNIQUE,
  password_hash       TEXT    NOT NULL,
  trade_password_hash TEXT,
  nickname            TEXT    NOT NULL,
  gender              TEXT    NOT NULL DEFAULT 'male' CHECK (gender IN ('male', 'female', 'other')),
  avatar              TEXT    NOT NULL,
  invitation_code     TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  superior_id         INTEGER REFERENCES users (id),
  superior_bound_at   TEXT,
  registration_code   TEXT    NOT NULL DEFAULT '',
  guest               INTEGER NOT NULL DEFAULT 0 CHECK (guest IN (0, 1)),
  status              TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  status_reason       TEXT    NOT NULL DEFAULT '',
  vip_level           INTEGER NOT NULL DEFAULT 0,
  real_name           TEXT    NOT NULL DEFAULT '',
  birth_date          TEXT    NOT NULL DEFAULT '',
  email               TEXT    NOT NULL DEFAULT '',
  terms_accepted_at   TEXT,
  sign_up_bonus_at    TEXT,
  register_ip         TEXT    NOT NULL DEFAULT '',
  register_device     TEXT    NOT NULL DEFAULT '',
  created_at          TEXT    NOT NULL
) STRICT;

CREATE INDEX users_superior ON users (superior_id);

-- The e-wallet a player withdraws to; bound once (the money issue adds the binding endpoint).
CREATE TABLE user_wallets (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id),
  bank       TEXT NOT NULL,
  name       TEXT NOT NULL,
  account    TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

-- One row per login. Only the sha256 of the cookie token is kept.
CREATE TABLE sessions (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id),
  token_hash    TEXT    NOT NULL UNIQUE,
  created_at    TEXT    NOT NULL,
  last_seen_at  TEXT    NOT NULL,
  expires_at    TEXT    NOT NULL,
  revoked_at    TEXT,
  revoke_reason TEXT,
  ip            TEXT    NOT NULL DEFAULT '',
  device_id     TEXT    NOT NULL DEFAULT '',
  user_agent    TEXT    NOT NULL DEFAULT ''
) STRICT;

CREATE INDEX sessions_user ON sessions (user_id, revoked_at);

-- The simulated SMS gateway's outbox: testers read codes from here through GET /ops/sms.
CREATE TABLE sms_messages (
  id         INTEGER PRIMARY KEY,
  phone      TEXT    NOT NULL,
  purpose    TEXT    NOT NULL CHECK (purpose IN ('bind', 'resetLoginPwd', 'resetTradePwd')),
  user_id    INTEGER REFERENCES users (id),
  code       TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  ip         TEXT    NOT NULL DEFAULT '',
  attempts   INTEGER NOT NULL DEFAULT 0,
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL,
  used_at    TEXT
) STRICT;

CREATE INDEX sms_messages_phone ON sms_messages (phone, purpose, created_at);
