import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, TEST_NOW, testApp } from '../../test/helpers';
import { dataDigest, ledgerIsWhole, logIn } from './test-kit';

const opened: FastifyInstance[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const open = async (config = testConfig()) => {
  const app = await testApp({ config });
  opened.push(app);
  return app;
};
const auth = (app: FastifyInstance) => ({ authorization: `Bearer ${app.config.adminToken}` });

const download = (app: FastifyInstance, name: string) =>
  app.inject({ method: 'GET', url: `/ops/snapshots/${name}/file`, headers: auth(app) });
const upload = async (app: FastifyInstance, name: string, bytes: Buffer, type = 'application/octet-stream') => {
  const answer = await app.inject({
    method: 'POST',
    url: `/ops/snapshots/${name}/file`,
    headers: { ...auth(app), 'content-type': type },
    payload: bytes,
  });
  return { status: answer.statusCode, body: answer.json() };
};

describe('snapshot files over HTTP', () => {
  it('downloads a snapshot from one server and restores the same state on a fresh one', async () => {
    const source = await open();
    const ops = opsClient(source);
    await ops.post('/ops/scenarios/pending-withdrawal');
    await ops.post('/ops/clock', { advance: '5h' });
    expect((await ops.post('/ops/snapshots/three-pending', { note: 'before review' })).body.success).toBe(true);
    const digest = await dataDigest(source);

    const file = await download(source, 'three-pending');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(file.headers['content-disposition']).toBe('attachment; filename="three-pending.db"');
    expect(file.rawPayload.subarray(0, 15).toString()).toBe('SQLite format 3');

    const target = await open();
    expect(await dataDigest(target)).not.toBe(digest);
    const imported = await upload(target, 'from-source', file.rawPayload);
    expect(imported.body).toMatchObject({
      success: true,
      data: {
        name: 'from-source',
        note: 'before review',
        clock: new Date(TEST_NOW.getTime() + 5 * 3_600_000).toISOString(),
        bytes: file.rawPayload.length,
      },
    });
    const restored = await opsClient(target).post('/ops/snapshots/from-source/restore', {});
    expect(restored.body.success).toBe(true);
    expect(await dataDigest(target)).toBe(digest);
    expect(target.clock.iso()).toBe(new Date(TEST_NOW.getTime() + 5 * 3_600_000).toISOString());
    await ledgerIsWhole(target);
    // The target serves the source's players: the scenario's persona logs in there.
    const persona = (await source.services.tooling.scenarios.list()).find((s) => s.name === 'pending-withdrawal')
      ?.personas[0];
    expect((await logIn(target, persona?.username ?? '')).answer.success).toBe(true);
    const pending = await opsClient(target).get<{ list: unknown[] }>('/ops/withdrawals', { status: 0 });
    expect(pending.body.data.list).toHaveLength(3);
  });

  it('refuses a file that is not a snapshot (30031), a damaged one, and one of other migrations (30006)', async () => {
    const app = await open();
    const ops = opsClient(app);
    await registerPlayer(app);
    await ops.post('/ops/snapshots/good', {});
    const good = (await download(app, 'good')).rawPayload;

    expect((await upload(app, 'text', Buffer.from('hello, not a database'))).body).toMatchObject({
      success: false,
      code: Code.SNAPSHOT_FILE_INVALID,
      msg: expect.stringContaining('/ops/snapshots/:name/file'),
    });
    expect((await upload(app, 'cut', good.subarray(0, 8192))).body.code).toBe(Code.SNAPSHOT_FILE_INVALID);
    expect((await upload(app, 'json', Buffer.from('{}'), 'application/json')).body.code).toBe(
      Code.SNAPSHOT_FILE_INVALID,
    );

    const dir = mkdtempSync(join(tmpdir(), 'casino-snapshot-test-'));
    folders.push(dir);
    const otherFile = join(dir, 'other.db');
    const copy = new Database(good);
    copy.prepare('DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)').run();
    await copy.backup(otherFile);
    copy.close();
    expect((await upload(app, 'other', readFileSync(otherFile))).body.code).toBe(Code.SNAPSHOT_INCOMPATIBLE);

    expect((await ops.get<{ name: string }[]>('/ops/snapshots')).body.data.map((s) => s.name)).toEqual(['good']);
    expect((await download(app, 'missing')).json()).toMatchObject({ code: Code.SNAPSHOT_NOT_FOUND });
    expect((await app.inject({ method: 'GET', url: '/ops/snapshots/good/file' })).statusCode).toBe(401);
  });

  it('refuses a file over SNAPSHOT_MAX_MB with 413 and says the limit, and keeps files in SNAPSHOT_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'casino-snapshot-dir-'));
    folders.push(dir);
    const app = await open(testConfig({ snapshotDir: join(dir, 'kept'), snapshotMaxBytes: 64 * 1024 }));
    await opsClient(app).post('/ops/snapshots/here', {});
    expect(readdirSync(join(dir, 'kept')).sort()).toEqual(['here.db', 'here.json']);

    const big = Buffer.alloc(65 * 1024);
    Buffer.from('SQLite format 3\0', 'latin1').copy(big);
    const answer = await upload(app, 'big', big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      success: false,
      code: Code.SNAPSHOT_TOO_LARGE,
      msg: expect.stringContaining('0.06 MB'),
    });
    expect(existsSync(join(dir, 'kept', 'big.db'))).toBe(false);
    await app.close();
    opened.splice(0);
    // A real folder stays when the server closes (only temporary ones for :memory: are removed).
    expect(existsSync(join(dir, 'kept', 'here.db'))).toBe(true);
  });
});
