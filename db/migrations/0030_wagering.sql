-- Bonus money is ring-fenced (docs/money.md "Wagering requirements"): every grant that carries a turnover
-- multiple opens its own wagering requirement, and only the bonus of an open requirement is locked. The
-- counters turnover_required / turnover_done keep only the deposits' own turnover (anti-money-laundering,
-- depositTurnoverMultiple), which still locks the whole balance.

CREATE TABLE wagering_requirements (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  source     TEXT    NOT NULL,              -- deposit, signin, task, poker, carried...
  reference  TEXT    NOT NULL,              -- the deposit's order number or the reward key
  bonus      INTEGER NOT NULL CHECK (bonus > 0),
  required   INTEGER NOT NULL CHECK (required > 0),
  done       INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0 AND done <= required),
  state      TEXT    NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'met', 'forfeited')),
  created_at TEXT    NOT NULL,
  closed_at  TEXT
) STRICT;
CREATE INDEX wagering_open ON wagering_requirements (user_id, state, id);

-- What each bet gave to which requirement, so that its rollback takes back exactly that.
CREATE TABLE wagering_bets (
  requirement_id INTEGER NOT NULL REFERENCES wagering_requirements (id),
  user_id        INTEGER NOT NULL,
  reference      TEXT    NOT NULL,
  amount         INTEGER NOT NULL CHECK (amount > 0),
  PRIMARY KEY (user_id, reference, requirement_id)
) STRICT, WITHOUT ROWID;

-- A deposit order keeps the turnover of its coupon bonus apart from its own (fixed when quoted).
ALTER TABLE deposits ADD COLUMN bonus_turnover INTEGER NOT NULL DEFAULT 0;
UPDATE deposits SET bonus_turnover = MIN(turnover_required, bonus * COALESCE((SELECT t.turnover_multiple
  FROM user_coupons c JOIN coupon_templates t ON t.code = c.template_code WHERE c.id = deposits.coupon_id), 0))
WHERE bonus > 0;

-- Existing data. The deposits' own turnover of each player: a successful order's turnover_required less
-- its coupon's part.
CREATE TEMP TABLE wagering_aml AS
SELECT d.user_id AS user_id,
       SUM(d.turnover_required - d.bonus_turnover) AS required
FROM deposits d
WHERE d.status = 1
GROUP BY d.user_id;

-- The rest of each player's owed turnover came from bonuses: one requirement per player carries it. Its
-- bonus is what the old rule's bonuses can have been at most: every turnover multiple is at least 1, so
-- the bonuses are at most their turnover, and at most the promotions the player was credited with.
INSERT INTO wagering_requirements (user_id, source, reference, bonus, required, done, state, created_at, closed_at)
SELECT c.user_id, 'carried', 'before-0030',
       MIN(c.turnover_required - COALESCE(aml.required, 0),
           (SELECT SUM(j.amount) FROM balance_journal j
             WHERE j.user_id = c.user_id AND j.type IN ('deposit_bonus', 'reward') AND j.amount > 0)),
       c.turnover_required - COALESCE(aml.required, 0),
       MIN(c.turnover_done, c.turnover_required - COALESCE(aml.required, 0)),
       CASE WHEN a.balance = 0 THEN 'forfeited' ELSE 'open' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       CASE WHEN a.balance = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
FROM account_counters c
JOIN accounts a ON a.user_id = c.user_id
LEFT JOIN wagering_aml aml ON aml.user_id = c.user_id
WHERE c.turnover_required > c.turnover_done
  AND c.turnover_required - COALESCE(aml.required, 0) > c.turnover_done
  AND (SELECT SUM(j.amount) FROM balance_journal j
        WHERE j.user_id = c.user_id AND j.type IN ('deposit_bonus', 'reward') AND j.amount > 0) > 0;

UPDATE account_counters
SET turnover_required = COALESCE((SELECT required FROM wagering_aml a WHERE a.user_id = account_counters.user_id), 0);

DROP TABLE wagering_aml;
