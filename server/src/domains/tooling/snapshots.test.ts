import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { isPostgres } from '../../db/port';
import { opsClient, registerPlayer, TEST_NOW, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { fund } from '../../test/money';
import { dataDigest as databaseDigest, ledgerIsWhole } from './test-kit';

type Snapshot = { name: string; note: string; clock: string; bytes: number; tookMs: number; restoreMs: number };

let app: FastifyInstance;
let ops: TestClient;
beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
});
afterEach(() => app.close());

const save = (name: string, note = '') => ops.post<Snapshot>(`/ops/snapshots/${name}`, { note });
const restore = (name: string, body: object = {}) => ops.post<Snapshot>(`/ops/snapshots/${name}/restore`, body);

describe('snapshots', () => {
  it('restores exactly the saved rows, in place and well under a second', async () => {
    await ops.post('/ops/scenarios/pending-withdrawal');
    const saved = await save('before-review', 'three pending');
    expect(saved.body).toMatchObject({ success: true, data: { name: 'before-review', note: 'three pending' } });
    const digest = await databaseDigest(app.db);

    const { info } = await registerPlayer(app);
    await fund(app, info.uid, 250);
    const pending = await ops.get<{ list: { orderNo: string }[] }>('/ops/withdrawals', { status: 0 });
    for (const w of pending.body.data.list) await ops.post(`/ops/withdrawals/${w.orderNo}/review`);
    expect(await databaseDigest(app.db)).not.toBe(digest);

    const restored = await restore('before-review');
    expect(restored.body.success).toBe(true);
    expect(restored.body.data.restoreMs).toBeLessThan(1000);
    expect(saved.body.data.tookMs).toBeLessThan(1000);
    expect(await databaseDigest(app.db)).toBe(digest);
    expect(await app.services.users.byUid(info.uid)).toBeUndefined();
    await ledgerIsWhole(app);
    // Services keep working on the swapped data: the same order can be reviewed again.
    const again = await ops.get<{ list: { orderNo: string }[] }>('/ops/withdrawals', { status: 0 });
    expect(again.body.data.list).toHaveLength(3);
    expect((await ops.post(`/ops/withdrawals/${again.body.data.list[0]?.orderNo}/review`)).body.success).toBe(true);
  });

  it('keeps sessions, the game catalog, sockets and the clock consistent with the restored data', async () => {
    const kept = await registerPlayer(app);
    await save('one-player');
    const later = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${later.info.uid}`, { headers: { cookie: later.client.cookie } });
    const closed = new Promise((resolve) => ws.on('close', resolve));
    const gameCount = async () =>
      (await kept.client.get<{ total: number }>('/api/game/fetch', { type: 'default', page: 1, size: 1 })).body.data
        .total;
    const games = await gameCount();
    await inDb(app.db).run`UPDATE games SET enabled = 0 WHERE id IN (SELECT id FROM games WHERE enabled = 1 LIMIT 5)`;
    expect(await gameCount()).toBe(games - 5);
    await ops.post('/ops/clock', { advance: '3d' });

    await restore('one-player');
    await closed;
    expect(app.socket.stats().connections).toBe(0);
    expect((await kept.client.get('/api/user/info')).body.success).toBe(true);
    expect((await later.client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    expect(await gameCount()).toBe(games);
    expect(app.clock.now()).toEqual(TEST_NOW);
  });

  it('keeps the clock where it is when asked, and lists and deletes snapshots', async () => {
    await save('a');
    await ops.post('/ops/clock', { advance: '2h' });
    await save('b');
    const listed = await ops.get<Snapshot[]>('/ops/snapshots');
    expect(listed.body.data.map((s) => s.name).sort()).toEqual(['a', 'b']);
    expect(listed.body.data.find((s) => s.name === 'b')?.clock).toBe(
      new Date(TEST_NOW.getTime() + 7_200_000).toISOString(),
    );
    await restore('a', { keepClock: true });
    expect(app.clock.now().getTime()).toBe(TEST_NOW.getTime() + 7_200_000);
    expect((await ops.request({ method: 'DELETE', url: '/ops/snapshots/a' })).body.success).toBe(true);
    expect((await ops.get<Snapshot[]>('/ops/snapshots')).body.data.map((s) => s.name)).toEqual(['b']);
    expect((await restore('a')).body.code).toBe(Code.SNAPSHOT_NOT_FOUND);
    expect((await ops.request({ method: 'DELETE', url: '/ops/snapshots/a' })).body.code).toBe(Code.SNAPSHOT_NOT_FOUND);
  });

  it('refuses a snapshot saved under other migrations (30006) and leaves the data alone', async () => {
    await registerPlayer(app);
    await save('old');
    if (isPostgres(app.db)) {
      // On PostgreSQL a snapshot is the schema snap_<name> of the same database.
      await inDb(app.db)
        .run`DELETE FROM snap_old.schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)`;
    } else {
      const file =
        (await app.services.tooling.snapshots.list()).find((s) => s.name === 'old') && (await snapshotFile('old'));
      const other = new Database(file);
      other.prepare('DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)').run();
      other.close();
    }
    const digest = await databaseDigest(app.db);
    expect((await restore('old')).body.code).toBe(Code.SNAPSHOT_INCOMPATIBLE);
    expect(await databaseDigest(app.db)).toBe(digest);
    if (!isPostgres(app.db)) expect(await app.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('refuses bad names before doing anything', async () => {
    expect((await save('Bad Name')).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/snapshots/..%2Fescape', {})).body.success).toBe(false);
    expect((await ops.get<Snapshot[]>('/ops/snapshots')).body.data).toEqual([]);
  });
});

async function snapshotFile(name: string): Promise<string> {
  const row = await app.db.prepare("SELECT file FROM pragma_database_list WHERE name = 'main'").pluck().get();
  expect(row).toBe('');
  // In-memory databases keep snapshots in a temporary folder that the service knows.
  return app.services.tooling.snapshots.fileOf(name);
}
