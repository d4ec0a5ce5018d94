-- Pair of db/migrations/0046_launch_session_forfeited_by.sql: the casino session that launched a game
-- (the wallet refuses the game session once that one ended), what forfeited a wagering requirement (its
-- rollback opens it again), and the index of a player's open rounds.
ALTER TABLE game_launches ADD COLUMN session_id BIGINT REFERENCES sessions (id);

ALTER TABLE wagering_requirements ADD COLUMN forfeited_by TEXT;

CREATE INDEX game_rounds_open ON game_rounds (user_id) WHERE status = 'open';
