import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { registerPlayer, TEST_NOW, testApp } from '../test/helpers';
import { codeCheckPlugin, type UndeclaredCode } from './code-check';
import { sendFailure } from './envelope';

/** A bare server answering one contract path with a chosen code, as a handler that forgot to declare it would. */
async function answering(code: number, url = '/api/balance') {
  const reported: UndeclaredCode[] = [];
  const app = Fastify();
  app.decorateRequest('lang', 'en-US');
  await app.register(codeCheckPlugin, { check: (u) => reported.push(u) });
  app.get(url, (request, reply) => sendFailure(request, reply, 200, code as never));
  app.get('/not/in/the/contract', (request, reply) => sendFailure(request, reply, 200, code as never));
  await app.ready();
  return { app, reported };
}

describe('the code check', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('reports a code the endpoint neither declares nor gets from how it is reached, naming route and code', async () => {
    const { app, reported } = await answering(Code.LOGIN_FAILED);
    apps.push(app);
    await app.inject({ method: 'GET', url: '/api/balance' });
    expect(reported).toEqual([{ route: 'GET /api/balance', code: Code.LOGIN_FAILED }]);
  });

  it('accepts the generic codes of a user endpoint and ignores routes outside the contract', async () => {
    const { app, reported } = await answering(Code.SESSION_INVALID);
    apps.push(app);
    await app.inject({ method: 'GET', url: '/api/balance' });
    const other = await answering(Code.LOGIN_FAILED);
    apps.push(other.app);
    await other.app.inject({ method: 'GET', url: '/not/in/the/contract' });
    expect([...reported, ...other.reported]).toEqual([]);
  });

  it('is quiet on the real app for a declared business code (20001 on login) and for successes', async () => {
    const reported: UndeclaredCode[] = [];
    const app = await testApp({ frozenAt: TEST_NOW, codeCheck: (u) => reported.push(u) });
    apps.push(app);
    const { client, player } = await registerPlayer(app);
    const wrong = await client.post('/api/user/login', { username: player.username, password: 'f'.repeat(32) });
    expect(wrong.body.code).toBe(Code.LOGIN_FAILED);
    expect((await client.get('/api/balance')).body.success).toBe(true);
    expect(reported).toEqual([]);
  });
});
