import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PgError } from '../db/postgres/errors';
import { isUnavailable } from '../db/unavailable';
import { registerPlayer, TestClient, testApp } from '../test/helpers';
import { RETRY_AFTER_SECONDS } from './envelope';

/**
 * Degrade, never die (issue 26): a storage engine that is away answers players a clear envelope (HTTP 503,
 * Retry-After, their language), never a 500 with "something went wrong"; /health and /ready tell a
 * balancer whether to send players here.
 */
describe('liveness and readiness', () => {
  it('answers /health and /ready while the database answers', async () => {
    const app = await testApp();
    try {
      const client = new TestClient(app);
      const live = await client.get<{ ok: boolean; uptimeSeconds: number }>('/health');
      expect(live.status).toBe(200);
      expect(live.body.data).toMatchObject({ ok: true, uptimeSeconds: expect.any(Number) });
      const ready = await client.get('/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ ok: true, database: 'up', broker: 'up' });
    } finally {
      await app.close();
    }
  });

  it('answers /ready 503 with Retry-After while the database is away, and recovers by itself', async () => {
    const app = await testApp();
    try {
      const prepare = app.db.prepare;
      app.db.prepare = () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      };
      const down = await app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(down.json()).toMatchObject({
        success: false,
        code: Code.SERVICE_UNAVAILABLE,
        data: { database: 'down', broker: 'up' },
      });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      app.db.prepare = prepare;
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers a player 503 with Retry-After in their language when storage is away, then serves again', async () => {
    const app = await testApp();
    try {
      const { client } = await registerPlayer(app);
      const original = app.services.ledger.buckets;
      app.services.ledger.buckets = () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      };
      const balance = await client.get('/api/balance');
      expect(balance.status).toBe(503);
      expect(balance.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(balance.body).toMatchObject({ success: false, code: Code.SERVICE_UNAVAILABLE });
      const vi = await client.request({ method: 'GET', url: '/api/balance', headers: { language: 'vi-VN' } });
      expect(vi.body.msg).toMatch(/Dịch vụ tạm thời không khả dụng/);
      app.services.ledger.buckets = original;
      expect((await client.get('/api/balance')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('tells an engine that is away from a request that is wrong', () => {
    expect(isUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('lost'), { lost: true }))).toBe(true);
    // A stopped PostgreSQL reached over its unix socket: the socket file is gone.
    expect(isUnavailable(new PgError({ message: 'connect ENOENT /run/pg/.s.PGSQL.5432', code: 'ENOENT' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isUnavailable(new Error('PostgreSQL did not answer within 60000 ms'))).toBe(true);
    // Contention that outlasted the adapter's retries: busy, not a fault of the request or the server.
    expect(isUnavailable(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
