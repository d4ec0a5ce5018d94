-- How many open wagering requirements each player has, beside the other counters (docs/performance.md,
-- "Bonus ring-fencing"). A balance read and a withdrawal ask what the open requirements lock, a bet what it
-- counts toward: with none open (nearly every account, nearly always) the answer is known from the
-- counters row they read anyway, and the query on wagering_requirements is skipped. The triggers keep the
-- count in step with the rows, in the same transaction as every change of them, whoever writes it.
ALTER TABLE account_counters ADD COLUMN wagering_open INTEGER NOT NULL DEFAULT 0;

UPDATE account_counters SET wagering_open =
  (SELECT COUNT(*) FROM wagering_requirements w WHERE w.user_id = account_counters.user_id AND w.state = 'open');

CREATE TRIGGER wagering_open_insert AFTER INSERT ON wagering_requirements WHEN NEW.state = 'open'
BEGIN
  UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER wagering_open_update AFTER UPDATE OF state, user_id ON wagering_requirements
  WHEN (OLD.state = 'open') IS NOT (NEW.state = 'open') OR (OLD.state = 'open' AND OLD.user_id != NEW.user_id)
BEGIN
  UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id AND OLD.state = 'open';
  UPDATE account_counters SET wagering_open = wagering_open + 1 WHERE user_id = NEW.user_id AND NEW.state = 'open';
END;

CREATE TRIGGER wagering_open_delete AFTER DELETE ON wagering_requirements WHEN OLD.state = 'open'
BEGIN
  UPDATE account_counters SET wagering_open = wagering_open - 1 WHERE user_id = OLD.user_id;
END;
