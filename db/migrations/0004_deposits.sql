-- Deposits through the e-wallet gateway (the sandbox stands in for it), channels and deposit coupons.

CREATE TABLE payment_channels (
  code        TEXT PRIMARY KEY,
  name        TEXT    NOT NULL,
  enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  min_amount  INTEGER NOT NULL,
  max_amount  INTEGER NOT NULL,
  fee_percent INTEGER NOT NULL DEFAULT 0,
  sort_order  INTEGER NOT NULL DEFAULT 0,
  CHECK (min_amount > 0 AND max_amount >= min_amount)
) STRICT;

CREATE TABLE payment_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE coupon_templates (
  code              TEXT PRIMARY KEY,
  name_en           TEXT    NOT NULL,
  name_vi           TEXT    NOT NULL,
  bonus_percent     INTEGER NOT NULL CHECK (bonus_percent > 0),
  max_bonus         INTEGER NOT NULL CHECK (max_bonus > 0),
  min_deposit       INTEGER NOT NULL CHECK (min_deposit >= 0),
  turnover_multiple INTEGER NOT NULL CHECK (turnover_multiple > 0),
  valid_days        INTEGER NOT NULL CHECK (valid_days > 0)
) STRICT;

CREATE TABLE user_coupons (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id),
  template_code TEXT    NOT NULL REFERENCES coupon_templates (code),
  status        TEXT    NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'used', 'expired')),
  source        TEXT    NOT NULL DEFAULT '',
  order_no      TEXT,
  granted_at    TEXT    NOT NULL,
  expires_at    TEXT    NOT NULL,
  used_at       TEXT
) STRICT;

CREATE INDEX user_coupons_user ON user_coupons (user_id, status);

CREATE TABLE deposits (
  id                INTEGER PRIMARY KEY,
  order_no          TEXT    NOT NULL UNIQUE,
  user_id           INTEGER NOT NULL REFERENCES users (id),
  channel           TEXT    NOT NULL REFERENCES payment_channels (code),
  amount            INTEGER NOT NULL CHECK (amount > 0),
  bonus             INTEGER NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  fee               INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  coupon_id         INTEGER REFERENCES user_coupons (id),
  turnover_required INTEGER NOT NULL DEFAULT 0,
  status            INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  created_at        TEXT    NOT NULL,
  expires_at        TEXT    NOT NULL,
  paid_at           TEXT,
  settled_at        TEXT,
  gateway_ref       TEXT,
  payer_mobile      TEXT,
  callback_count    INTEGER NOT NULL DEFAULT 0,
  first_answer      TEXT
) STRICT;

CREATE INDEX deposits_user ON deposits (user_id, id);
CREATE INDEX deposits_pending ON deposits (status, expires_at);
