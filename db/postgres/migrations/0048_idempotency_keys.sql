-- Pair of db/migrations/0048_idempotency_keys.sql: each player's Idempotency-Keys of the last 24 h, their
-- request's hash and, once done, the answer a retry with the same key and body gets again.
CREATE TABLE idempotency_keys (
  user_id      BIGINT NOT NULL REFERENCES users (id),
  key          TEXT   NOT NULL,
  endpoint     TEXT   NOT NULL,
  request_hash TEXT   NOT NULL,
  state        TEXT   NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  status       BIGINT,
  response     TEXT,
  created_at   TEXT   NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
