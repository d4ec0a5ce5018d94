-- Case-insensitive keys, one query on two engines (docs/deployment.md, "One schema, two engines"): the
-- repos compare lower(column) = lower(?) and name lower(column) as an upsert's conflict target, as
-- PostgreSQL, which has no NOCASE collation, must. These unique indexes, the ones PostgreSQL has under the
-- same names, let SQLite do the same from an index; the UNIQUE COLLATE NOCASE columns stay as they were.
CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));
CREATE UNIQUE INDEX users_invitation_code_nocase ON users (lower(invitation_code));
CREATE UNIQUE INDEX redemption_codes_code_nocase ON redemption_codes (lower(code));
