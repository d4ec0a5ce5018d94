-- Pair of db/migrations/0045_wagering_open_count.sql: each player's count of open wagering requirements,
-- kept by triggers in the same transaction as every change of the rows (SQLite's three triggers as one
-- PL/pgSQL function).
ALTER TABLE account_counters ADD COLUMN wagering_open BIGINT NOT NULL DEFAULT 0;

UPDATE account_counters SET wagering_open =
  (SELECT COUNT(*) FROM wagering_requirements w WHERE w.user_id = account_counters.user_id AND w.state = 'open');

CREATE FUNCTION wagering_open_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'open' THEN
    UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'open' THEN
    UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER wagering_open_insert AFTER INSERT ON wagering_requirements
  FOR EACH ROW WHEN (NEW.state = 'open') EXECUTE FUNCTION wagering_open_count();
CREATE TRIGGER wagering_open_update AFTER UPDATE OF state, user_id ON wagering_requirements
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION wagering_open_count();
CREATE TRIGGER wagering_open_delete AFTER DELETE ON wagering_requirements
  FOR EACH ROW WHEN (OLD.state = 'open') EXECUTE FUNCTION wagering_open_count();
