import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../../scripts/lib/redis.mjs';
import { Code } from '../../../../shared/codes';
import { REDIS_PREFIX, testConfig } from '../../config';
import type { PgPoolDb } from '../../db/postgres/pool';
import { opsClient, registerPlayer, testApp } from '../../test/helpers';

/**
 * Two server processes as two apps sharing one PostgreSQL database and one Redis, as the cluster of
 * `npm run stack` does: a snapshot saved on one is listed by the other (it is a schema of the database),
 * and a restore on one is announced to the other (broker channel db.restored), which closes its sockets
 * and forgets its cached sessions of the old world.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  redis = await startRedis();
  // Two processes of one cluster: one Redis namespace (the default), whatever the run's.
  a = await testApp({ config: testConfig({ redisUrl: redis.url, redisPrefix: REDIS_PREFIX }) });
  b = await testApp({
    config: testConfig({
      redisUrl: redis.url,
      redisPrefix: REDIS_PREFIX,
      databaseUrl: (a.db as PgPoolDb).url,
      databaseTemplate: undefined,
    }),
  });
});
afterAll(async () => {
  // b first: a's close drops the test database, which must have no other connection by then.
  await b?.close();
  await a?.close();
  await redis?.stop();
});

/** Waits until `check` holds (what another process publishes arrives a moment later); fails after 5 s. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('snapshots across a cluster on PostgreSQL', () => {
  it('are shared, and a restore on one process ends the old world on the other', async () => {
    const opsA = opsClient(a);
    const opsB = opsClient(b);
    expect((await opsA.post('/ops/snapshots/before', { note: 'no player' })).body.success).toBe(true);
    const listed = await opsB.get<{ name: string; note: string }[]>('/ops/snapshots');
    expect(listed.body.data.map((s) => [s.name, s.note])).toEqual([['before', 'no player']]);

    // A player registered through a, known (session cached, socket open) on b.
    const { client, info: player } = await registerPlayer(a);
    const info = (on: FastifyInstance) =>
      on.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: client.cookie, requestfrom: 'H5' } });
    expect((await info(b)).json()).toMatchObject({ success: true });
    const ws = await b.injectWS(`/webSocket/${player.uid}`, { headers: { cookie: client.cookie } });
    const closed = new Promise((resolve) => ws.on('close', resolve));
    expect(b.socket.stats().connections).toBe(1);

    expect((await opsA.post('/ops/snapshots/before/restore', {})).body.success).toBe(true);
    await closed;
    await until(() => b.socket.stats().connections === 0, 'b closes its sockets');
    expect((await info(b)).json()).toMatchObject({ success: false, code: Code.SESSION_INVALID });
    expect(await b.services.users.byUid(player.uid)).toBeUndefined();
  });

  it('answer 30041 for snapshot files, which are SQLite databases', async () => {
    const ops = opsClient(a);
    expect((await ops.get('/ops/snapshots/before/file')).body).toMatchObject({
      success: false,
      code: Code.SNAPSHOT_FILE_UNSUPPORTED,
    });
    const upload = await ops.request({
      method: 'POST',
      url: '/ops/snapshots/other/file',
      payload: Buffer.from('SQLite format 3\0'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.body).toMatchObject({ success: false, code: Code.SNAPSHOT_FILE_UNSUPPORTED });
    expect((await ops.get<{ name: string }[]>('/ops/snapshots')).body.data.map((s) => s.name)).toEqual(['before']);
  });
});
