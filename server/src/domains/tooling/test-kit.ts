import type { FastifyInstance } from 'fastify';
import { isPostgres } from '../../db/port';
import { hashed, TestClient } from '../../test/helpers';
import { assertLedgerWhole } from '../ledger/whole';

/** Helpers shared by the tooling tests. */

/** The ledger's invariants hold (ledger/whole.ts). */
export const ledgerIsWhole = (app: FastifyInstance) => assertLedgerWhole(app.db);

export const userByName = async (app: FastifyInstance, username: string) => {
  const row = await app.services.users.byUsername(username);
  if (!row) throw new Error(`no ${username}`);
  return row;
};

export const accountOf = async (app: FastifyInstance, username: string) =>
  app.services.ledger.account((await userByName(app, username)).id);

/** Logs a persona in through /api/user/login, as the login form does. */
export async function logIn(app: FastifyInstance, username: string, password = 'Secret123') {
  const client = new TestClient(app);
  const answer = await client.post('/api/user/login', { username, password: hashed(password) });
  return { client, answer: answer.body };
}

/**
 * Every row of every table, sorted: equal digests mean equal data. The catalog version is left out (a
 * restore moves it on purpose, so the in-memory catalog reloads), and so is the operator audit trail (a
 * restore keeps it and records itself in it), with its sequence.
 */
export async function dataDigest(
  app: FastifyInstance | { prepare: FastifyInstance['db']['prepare'] },
): Promise<string> {
  const db = 'db' in app ? app.db : (app as FastifyInstance['db']);
  // PostgreSQL: the tables of the app's schema (snapshots are other schemas); no sqlite_sequence there.
  const tables = (await db
    .prepare(
      isPostgres(db)
        ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('game_catalog_version', 'ops_audit') ORDER BY table_name"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('game_catalog_version', 'ops_audit') ORDER BY name",
    )
    .pluck()
    .all()) as string[];
  const digests: string[] = [];
  for (const t of tables) {
    const rows = (await db
      .prepare(`SELECT * FROM "${t}"${t === 'sqlite_sequence' ? " WHERE name <> 'ops_audit'" : ''}`)
      .all()) as object[];
    digests.push(
      `${t}:${rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join('|')}`,
    );
  }
  return digests.join('\n');
}
