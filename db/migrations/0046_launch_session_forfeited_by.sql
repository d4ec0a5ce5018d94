-- Two holes of the seamless wallet closed (docs/security.md "Sessions", docs/money.md "Wagering
-- requirements").
--
-- 1. A game session ends with the casino session that launched it: the launch remembers that session, and
--    the wallet's balance and bet calls (and the exchange of the launch token) refuse a game session whose
--    casino session was revoked (logout, password change, a login elsewhere, the operator), has expired,
--    or whose player is not active. Launches made before this migration name none: their game sessions
--    end now (the player opens the game again).
ALTER TABLE game_launches ADD COLUMN session_id INTEGER REFERENCES sessions (id);

-- 2. A requirement is forfeited only when its bonus was really lost (balance 0 and no game round still
--    open), and it records what forfeited it (the posting's or the settled round's reference), so that a
--    rollback of that reference opens it again. Earlier forfeitures name nothing.
ALTER TABLE wagering_requirements ADD COLUMN forfeited_by TEXT;

-- "Has the player a round still open?", asked when a balance reaches 0 with a requirement open and when a
-- round settles at 0: the few open rounds of a player, not all of them.
CREATE INDEX game_rounds_open ON game_rounds (user_id) WHERE status = 'open';
