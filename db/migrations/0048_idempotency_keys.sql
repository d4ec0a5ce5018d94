-- Idempotency-Key on the player's money POSTs (issue 26 item 4; docs/money.md "Idempotency-Key"): a retried
-- withdrawal created a second order. A request with the header reserves its key here first (the primary key
-- makes two tabs racing the same key safe: one insert wins), runs, and stores its answer; the same key with
-- the same body then answers that answer again. Kept 24 h, purged as keys are reserved
-- (server/src/plugins/idempotency.service.ts).
CREATE TABLE idempotency_keys (
  user_id      INTEGER NOT NULL REFERENCES users (id),
  key          TEXT    NOT NULL, -- the client's Idempotency-Key, 1-255 printable characters
  endpoint     TEXT    NOT NULL, -- method and contract path: 'POST /api/withdraw/create'
  request_hash TEXT    NOT NULL, -- sha256 hex of the validated body as canonical JSON (keys sorted)
  state        TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  status       INTEGER,          -- HTTP status of the stored answer, once done
  response     TEXT,             -- the stored answer's body (the envelope, JSON), once done
  created_at   TEXT    NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT;

CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
