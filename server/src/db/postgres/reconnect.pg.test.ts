import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsClient, testApp } from '../../test/helpers';
import type { SerialDb } from '../serial';
import { isLost, type PgDatabase } from './database';
import { openPostgres } from './open';

// A lost connection (the backend killed with pg_terminate_backend, as a server restart or a network cut
// does): the worker opens a new one for the next statement outside a transaction; a transaction in
// flight is never finished on the new connection, it is run again from its start.
const url = process.env.TEST_DATABASE_URL as string;
const template = process.env.TEST_DATABASE_TEMPLATE as string;

let db: PgDatabase;
let killer: PgDatabase;

beforeAll(() => {
  db = openPostgres(url, { template });
  db.execRaw('CREATE TABLE t_lost (name TEXT NOT NULL)');
  killer = openPostgres(db.url);
});

afterAll(() => {
  killer?.close();
  db?.close();
});

const pidOf = (of: PgDatabase) => of.prepare('SELECT pg_backend_pid()').pluck().get() as number;

/** Ends the backend `pid` and waits (synchronously) until the server no longer lists it. */
function kill(pid: number) {
  expect(killer.prepare('SELECT pg_terminate_backend(?)').pluck().get(pid)).toBe(1);
  const alive = killer.prepare('SELECT 1 FROM pg_stat_activity WHERE pid = ?').pluck();
  for (let tries = 0; alive.get(pid) !== undefined; tries++) if (tries > 100_000) throw new Error('never ended');
}

describe('a lost PostgreSQL connection', () => {
  it('is opened again for the next statement outside a transaction', () => {
    const before = pidOf(db);
    kill(before);
    expect(db.prepare('SELECT 41 + 1').pluck().get()).toBe(42);
    expect(pidOf(db)).not.toBe(before);
    // Prepared statements are prepared again on the new connection.
    db.prepare('INSERT INTO t_lost (name) VALUES (?)').run('after');
    expect(db.prepare('SELECT COUNT(*) FROM t_lost WHERE name = ?').pluck().get('after')).toBe(1);
  });

  it('takes the transaction in flight with it: never half-committed, run again whole on a new connection', () => {
    const insert = db.prepare('INSERT INTO t_lost (name) VALUES (?)');
    let attempts = 0;
    let failure: unknown;
    const result = db.transaction(() => {
      attempts += 1;
      insert.run('first');
      if (attempts === 1) {
        kill(pidOf(db));
        try {
          insert.run('second');
        } catch (error) {
          failure = error;
          throw error;
        }
      } else insert.run('second');
      return attempts;
    })();
    expect(isLost(failure)).toBe(true);
    expect(result).toBe(2);
    const names = db.prepare("SELECT name FROM t_lost WHERE name IN ('first', 'second') ORDER BY name").pluck().all();
    expect(names).toEqual(['first', 'second']);
  });

  it('costs the server one request at most: the next answer comes from a new connection', async () => {
    const app = await testApp();
    try {
      const ops = opsClient(app);
      expect((await ops.get('/ops/snapshots')).body.success).toBe(true);
      const appDb = (app.db as SerialDb).sync as PgDatabase;
      kill(pidOf(appDb));
      const answer = await ops.get('/ops/snapshots');
      expect(answer.body).toMatchObject({ success: true });
    } finally {
      await app.close();
    }
  });
});
