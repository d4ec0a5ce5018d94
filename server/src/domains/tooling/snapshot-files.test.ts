import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { opsClient, registerPlayer, TEST_NOW, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { operatorClient } from '../../test/operators';
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

const download = (app: FastifyInstance, name: string, query = '') =>
  app.inject({ method: 'GET', url: `/ops/snapshots/${name}/file${query}`, headers: auth(app) });
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

    // The service account's full copy (the default is masked: the test below).
    const file = await download(source, 'three-pending', '?full=true');
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

  /**
   * How a careless tester (or one who leaves) would take every player's personal data home: download the
   * whole database (a snapshot file) with the tester role, or ask for the full copy. The download is masked
   * and the full copy is the service account's only, recorded in the audit trail.
   */
  it("a tester's download carries no ID number, photo, phone or e-wallet number, and restores and logs in", async () => {
    const source = await open();
    const ops = opsClient(source);
    await ops.post('/ops/scenarios/pending-withdrawal');
    const tester = await operatorClient(source, 'tester');
    const admin = await operatorClient(source, 'admin');
    expect((await ops.post('/ops/snapshots/three-pending', {})).body.success).toBe(true);
    const q = inDb(source.db);
    const ids = await q.all<{ id_number: string }>`SELECT id_number FROM kyc_submissions`;
    const phones = await q.all<{ phone: string }>`SELECT phone FROM users WHERE phone IS NOT NULL`;
    const wallets = await q.all<{ account: string }>`SELECT account FROM user_wallets`;
    const photos = await q.all<{ bytes: Buffer }>`SELECT bytes FROM kyc_documents`;
    const secrets = await q.all<{ totp_secret: string }>`SELECT totp_secret FROM operators`;
    expect(ids.length).toBe(3);
    expect(phones.length).toBeGreaterThanOrEqual(3);
    expect(photos.length).toBeGreaterThan(0);
    const personal = [
      ...ids.map((r) => r.id_number),
      ...phones.map((r) => r.phone),
      ...wallets.map((r) => r.account),
      ...secrets.map((r) => r.totp_secret),
    ];

    const masked = await source.inject({
      method: 'GET',
      url: '/ops/snapshots/three-pending/file',
      headers: { cookie: tester.client.cookie },
    });
    expect(masked.statusCode).toBe(200);
    expect(masked.headers['content-disposition']).toBe('attachment; filename="three-pending.masked.db"');
    const bytes = masked.rawPayload;
    for (const value of personal) expect(bytes.includes(value), value).toBe(false);
    for (const { bytes: photo } of photos) expect(bytes.includes(photo.subarray(0, 64))).toBe(false);

    // The full copy: refused to the tester (and to nobody's audit), the service account's is audited.
    const asked = await source.inject({
      method: 'GET',
      url: '/ops/snapshots/three-pending/file?full=true',
      headers: { cookie: tester.client.cookie },
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ success: false, code: Code.SNAPSHOT_FULL_FORBIDDEN });
    const forbidden = await source.inject({
      method: 'GET',
      url: '/ops/snapshots/three-pending/file?full=true',
      headers: { cookie: admin.client.cookie },
    });
    expect(forbidden.json()).toMatchObject({ success: false, code: Code.OPS_FORBIDDEN });
    const full = await download(source, 'three-pending', '?full=true&reason=incident%2042');
    expect(full.rawPayload.includes(ids[0]?.id_number ?? '-')).toBe(true);
    const audit = await ops.get<{ list: { route: string; method: string; request: unknown; target: string }[] }>(
      '/ops/audit',
      { route: '/ops/snapshots/:name/file' },
    );
    expect(audit.body.data.list.filter((r) => r.method === 'GET')).toEqual([
      expect.objectContaining({ target: 'snapshot:three-pending', request: { full: true, reason: 'incident 42' } }),
    ]);

    // The masked file restores on another server: the personas log in, the withdrawals wait, the ledger is
    // whole, ID numbers keep their last 4 characters and e-wallets their last 4 digits (payout outcomes).
    const target = await open();
    const testerThere = await operatorClient(target, 'tester');
    const imported = await target.inject({
      method: 'POST',
      url: '/ops/snapshots/masked/file',
      headers: { cookie: testerThere.client.cookie, 'content-type': 'application/octet-stream', requestfrom: 'BO' },
      payload: bytes,
    });
    expect(imported.json()).toMatchObject({ success: true });
    expect((await testerThere.client.post('/ops/snapshots/masked/restore', {})).body.success).toBe(true);
    await ledgerIsWhole(target);
    expect((await logIn(target, 'ana00002')).answer.success).toBe(true);
    const pending = await opsClient(target).get<{ list: unknown[] }>('/ops/withdrawals', { status: 0 });
    expect(pending.body.data.list).toHaveLength(3);
    const there = inDb(target.db);
    const maskedIds = await there.all<{ id_number: string }>`SELECT id_number FROM kyc_submissions`;
    expect(maskedIds.map((r) => r.id_number.slice(-4)).sort()).toEqual(ids.map((r) => r.id_number.slice(-4)).sort());
    expect(maskedIds.every((r) => r.id_number.startsWith('MASKED-'))).toBe(true);
    const accounts = await there.all<{ account: string }>`SELECT account FROM user_wallets ORDER BY account`;
    expect(accounts.map((r) => r.account.slice(-4)).sort()).toEqual(['0000', '0001', '9999']);
    // The server's own operators were kept: the tester who restored is still signed in.
    expect((await testerThere.client.get('/ops/snapshots')).body.success).toBe(true);
  });
});
