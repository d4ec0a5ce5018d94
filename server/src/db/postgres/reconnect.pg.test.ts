import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsClient, testApp } from '../../test/helpers';
import { isLost } from './errors';
import { openPostgres } from './open';
import type { PgPoolDb } from './pool';

// A lost connection (the backend killed with pg_terminate_backend, as a server restart or a network cut
// does): the pool opens a new one for what comes next; a transaction in flight is never finished on the
// new connection, it is run again from its start.
const url = process.env.TEST_DATABASE_URL as string;
const template = process.env.TEST_DATABASE_TEMPLATE as string;

let db: PgPoolDb;
let killer: PgPoolDb;

beforeAll(async () => {
  db = openPostgres(url, { template });
  await db.exec('CREATE TABLE t_lost (name TEXT NOT NULL)');
  killer = openPostgres(db.url);
});

afterAll(async () => {
  await killer?.close();
  await db?.close();
});

/** Ends the backends of `of`'s database (every connection its pool holds) and waits until they are gone. */
async function killAll(of: PgPoolDb) {
  const name = new URL(of.url).pathname.slice(1);
  const backends = 'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()';
  const pids = (await killer.prepare(backends).pluck().all(name)) as number[];
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) expect(await killer.prepare('SELECT pg_terminate_backend($1)').pluck().get(pid)).toBe(1);
  const alive = killer.prepare('SELECT 1 FROM pg_stat_activity WHERE pid = $1').pluck();
  for (const pid of pids) while ((await alive.get(pid)) !== undefined);
}

describe('a lost PostgreSQL connection', () => {
  it('costs the statement that met it at most: the next one runs on a new connection', async () => {
    const before = await db.prepare('SELECT pg_backend_pid()').pluck().get();
    await killAll(db);
    // The pool may find out on this statement (a lost connection, reported as the engine being away).
    await db
      .prepare('SELECT 1')
      .get()
      .catch((error) => expect(isLost(error)).toBe(true));
    expect(await db.prepare('SELECT 41 + 1').pluck().get()).toBe(42);
    expect(await db.prepare('SELECT pg_backend_pid()').pluck().get()).not.toBe(before);
    // Prepared statements are prepared again on the new connection.
    await db.prepare('INSERT INTO t_lost (name) VALUES ($1)').run('after');
    expect(await db.prepare('SELECT COUNT(*) FROM t_lost WHERE name = $1').pluck().get('after')).toBe(1);
  });

  it('takes the transaction in flight with it: never half-committed, run again whole on a new connection', async () => {
    const insert = db.prepare('INSERT INTO t_lost (name) VALUES ($1)');
    let attempts = 0;
    let failure: unknown;
    const result = await db.transaction(async () => {
      attempts += 1;
      await insert.run('first');
      if (attempts === 1) {
        await killAll(db);
        try {
          await insert.run('second');
        } catch (error) {
          failure = error;
          throw error;
        }
      } else await insert.run('second');
      return attempts;
    })();
    expect(isLost(failure)).toBe(true);
    expect(result).toBe(2);
    const names = await db
      .prepare("SELECT name FROM t_lost WHERE name IN ('first', 'second') ORDER BY name")
      .pluck()
      .all();
    expect(names).toEqual(['first', 'second']);
  });

  it('costs the server one request at most: the next answer comes from a new connection', async () => {
    const app = await testApp();
    try {
      const ops = opsClient(app);
      expect((await ops.get('/ops/snapshots')).body.success).toBe(true);
      await killAll(app.db as PgPoolDb);
      await ops.get('/ops/snapshots');
      const answer = await ops.get('/ops/snapshots');
      expect(answer.body).toMatchObject({ success: true });
    } finally {
      await app.close();
    }
  });
});
