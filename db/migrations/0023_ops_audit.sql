-- The operator audit trail (issue 15 item 10): one row per operator action on /ops that changes
-- something (every POST and DELETE), with who, when, what, and the state before and after. Append-only:
-- the triggers refuse every UPDATE and DELETE, and no route writes here but the audit hook.
CREATE TABLE ops_audit (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  at         TEXT    NOT NULL,                -- the virtual clock's instant of the action
  operator   TEXT    NOT NULL,                -- the X-Operator header the back office sends, else 'operator'
  method     TEXT    NOT NULL,
  route      TEXT    NOT NULL,                -- the route pattern, e.g. /ops/users/:uid/status
  path       TEXT    NOT NULL,                -- the path asked, e.g. /ops/users/12345678/status
  target     TEXT    NOT NULL DEFAULT '',     -- what it acted on (uid, order number, code...)
  request    TEXT    NOT NULL DEFAULT 'null', -- JSON: the body (and query), secrets redacted
  before     TEXT,                            -- JSON: the target's state before, when the route has one
  after      TEXT,                            -- JSON: the target's state after (or the answer's data)
  status     INTEGER NOT NULL,                -- HTTP status
  code       INTEGER NOT NULL                 -- envelope code (0 = success)
) STRICT;

CREATE INDEX ops_audit_route ON ops_audit (route, id);
CREATE INDEX ops_audit_target ON ops_audit (target, id);

CREATE TRIGGER ops_audit_no_update BEFORE UPDATE ON ops_audit
BEGIN
  SELECT RAISE(ABORT, 'ops_audit is append-only');
END;

CREATE TRIGGER ops_audit_no_delete BEFORE DELETE ON ops_audit
BEGIN
  SELECT RAISE(ABORT, 'ops_audit is append-only');
END;
