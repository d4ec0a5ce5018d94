import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { devEndpoints } from '../../../../shared/contract/dev';
import { opsToolingEndpoints } from '../../../../shared/contract/ops-tooling';
import { testConfig } from '../../config';
import { CLIENT_DIR } from '../../plugins/client-app';
import { opsClient, registerPlayer, TEST_NOW, TestClient, testApp } from '../../test/helpers';

let app: FastifyInstance;
afterEach(() => app?.close());

const urlOf = (path: string) => path.replace(':uid', '12345678').replace(':name', 'fresh');
const BODIES: Record<string, object> = {
  '/ops/faults': { kind: 'latency', route: '/api/user/info', ms: 10 },
  '/ops/sockets/:uid/push': { event: 'inbox.unread', content: 1 },
  '/ops/snapshots/:name': { note: '' },
};

describe('the operator token on tooling routes', () => {
  it('refuses every tooling call without the token or with a wrong one (401, 30001), and nothing moves', async () => {
    app = await testApp();
    const { client, info } = await registerPlayer(app);
    const wrong = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Bearer ${app.config.adminToken}x` },
    ];
    for (const endpoint of opsToolingEndpoints) {
      for (const headers of wrong) {
        const answer = await app.inject({
          method: endpoint.method,
          url: urlOf(endpoint.path),
          headers: { ...headers, 'content-type': 'application/json' },
          ...(endpoint.method === 'POST' ? { payload: BODIES[endpoint.path] ?? {} } : {}),
        });
        const label = `${endpoint.method} ${endpoint.path} ${JSON.stringify(headers)}`;
        expect(answer.statusCode, label).toBe(401);
        expect(answer.json(), label).toMatchObject({ success: false, code: Code.OPS_UNAUTHORIZED });
      }
    }
    // The player and their session survived, no fault, no snapshot.
    expect((await client.get('/api/user/info')).body.data).toMatchObject({ uid: info.uid });
    expect(app.services.tooling.faults.list()).toEqual([]);
    expect(await app.services.tooling.snapshots.list()).toEqual([]);
  });

  it('pushes a frame to a player and counts live sockets', async () => {
    app = await testApp();
    const ops = opsClient(app);
    const { client, info } = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const frame = new Promise<string>((resolve) => ws.on('message', (raw) => resolve(String(raw))));
    const pushed = await ops.post<{ sid: string; connections: number }>(`/ops/sockets/${info.uid}/push`, {
      event: 'inbox.unread',
      content: 4,
    });
    expect(pushed.body.data.connections).toBe(1);
    expect(JSON.parse(await frame)).toEqual({ event: 'inbox.unread', sid: pushed.body.data.sid, content: 4 });
    expect((await ops.get('/ops/sockets')).body.data).toMatchObject({ players: 1, connections: 1 });
    expect((await ops.post('/ops/sockets/12345678/push', { event: 'inbox.unread' })).body.code).toBe(
      Code.OPS_NOT_FOUND,
    );
    ws.terminate();
  });
});

describe('OPS_ENABLED=false', () => {
  it('removes every /ops route, the back-office page and the dev panel (even in development mode)', async () => {
    app = await testApp({ config: testConfig({ opsEnabled: false, mode: 'development' }), serveClient: true });
    const auth = { authorization: `Bearer ${app.config.adminToken}` };
    for (const endpoint of opsToolingEndpoints) {
      expect(app.hasRoute({ method: endpoint.method, url: endpoint.path }), endpoint.path).toBe(false);
    }
    for (const endpoint of devEndpoints)
      expect(app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(false);
    for (const url of ['/ops', '/ops/', '/ops/scenarios', '/ops/requests.har', '/ops/clock']) {
      const answer = await app.inject({ method: 'GET', url, headers: auth });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ success: false, code: Code.NOT_FOUND });
    }
    // The back office's built files (when there is a build) are refused; the player's app answers instead.
    const built = existsSync(CLIENT_DIR)
      ? readdirSync(join(CLIENT_DIR, 'assets')).filter((f) => f.startsWith('backoffice'))
      : [];
    for (const url of ['/backoffice.html', ...built.map((f) => `/assets/${f}`)]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.body, url).not.toContain('Back office');
      expect(answer.body, url).not.toContain('backoffice');
      expect(String(answer.headers['content-type']), url).not.toContain('javascript');
    }
    const config = await new TestClient(app).get<{ devTools?: boolean }>('/api/config/fetch');
    expect(config.body.data.devTools).toBe(false);
  });
});

describe('the dev panel routes', () => {
  it('are tester tools too: TESTER_TOOLS=off removes them even in development mode', async () => {
    app = await testApp({ config: testConfig({ mode: 'development', testerTools: false }) });
    for (const url of ['/api/dev/state', '/api/dev/clock', '/api/dev/scenario/:name', '/api/dev/push']) {
      expect(app.hasRoute({ method: url === '/api/dev/state' ? 'GET' : 'POST', url }), url).toBe(false);
    }
    expect((await new TestClient(app).post('/api/dev/clock', { advance: '1h' })).status).toBe(404);
    expect((await new TestClient(app).get<{ devTools?: boolean }>('/api/config/fetch')).body.data.devTools).toBe(false);
  });

  it('exist only in development mode, and move the clock, load a scenario and push to yourself', async () => {
    app = await testApp();
    expect(app.hasRoute({ method: 'GET', url: '/api/dev/state' })).toBe(false);
    expect((await new TestClient(app).get<{ devTools?: boolean }>('/api/config/fetch')).body.data.devTools).toBe(false);
    await app.close();

    app = await testApp({ config: testConfig({ mode: 'development' }) });
    // From another machine (a phone on the LAN): the clock and the scenario reset are not there.
    const phone = new TestClient(app, '192.168.1.20');
    for (const [url, body] of [
      ['/api/dev/clock', { advance: '1h' }],
      ['/api/dev/scenario/new-player', {}],
    ] as const) {
      const refused = await phone.post(url, body);
      expect(refused.status, url).toBe(404);
      expect(refused.body.code, url).toBe(Code.NOT_FOUND);
    }
    // Through a proxy on this machine (Vite's, nginx) for a phone: the socket is loopback, the proxy names
    // the phone; and a spoofed header cannot make a remote socket local, with or without TRUST_PROXY.
    const proxied = new TestClient(app, '127.0.0.1', { 'x-forwarded-for': '192.168.1.20' });
    const spoofed = new TestClient(app, '192.168.1.20', { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' });
    const forwarded = new TestClient(app, '127.0.0.1', { forwarded: 'for="[2001:db8::1]";proto=https' });
    for (const client of [proxied, spoofed, forwarded])
      expect((await client.post('/api/dev/clock', { advance: '1h' })).status).toBe(404);
    const visitor = new TestClient(app, '127.0.0.1');
    expect((await visitor.get<{ devTools?: boolean }>('/api/config/fetch')).body.data.devTools).toBe(true);
    const state = await visitor.get<{ clock: { now: string }; persona: null; scenarios: { name: string }[] }>(
      '/api/dev/state',
    );
    expect(state.body.data).toMatchObject({ clock: { now: TEST_NOW.toISOString() }, persona: null, scenario: null });
    expect(state.body.data.scenarios.map((s) => s.name)).toContain('new-player');
    const moved = await visitor.post<{ clock: { now: string } }>('/api/dev/clock', { advance: '1h' });
    expect(moved.body.data.clock.now).toBe(new Date(TEST_NOW.getTime() + 3_600_000).toISOString());
    expect((await visitor.post('/api/dev/clock', { advance: 'soon' })).body.code).toBe(Code.OPS_BAD_DURATION);
    // The panel's freeze / resume and real-time buttons (the test clock starts frozen).
    const resumed = await visitor.post<{ clock: { frozen: boolean } }>('/api/dev/clock', { action: 'resume' });
    expect(resumed.body.data.clock.frozen).toBe(false);
    const frozen = await visitor.post<{ clock: { frozen: boolean } }>('/api/dev/clock', { action: 'freeze' });
    // Vite's own proxy for a browser on this machine names 127.0.0.1: allowed.
    const local = new TestClient(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' });
    expect((await local.post('/api/dev/clock', { action: 'freeze' })).status).toBe(200);
    expect(frozen.body.data.clock.frozen).toBe(true);
    expect((await phone.post('/api/dev/clock', { action: 'real' })).status).toBe(404);
    await visitor.post('/api/dev/clock', { action: 'real' });
    expect(app.clock.offset).toBe(0);
    expect(app.clock.frozen).toBe(false);
    app.clock.freeze(TEST_NOW);
    expect((await visitor.post('/api/dev/clock', { advance: '1h', action: 'freeze' })).body.code).toBe(Code.VALIDATION);

    const loaded = await visitor.post<{ scenario: string }>('/api/dev/scenario/new-player');
    expect(loaded.body.data.scenario).toBe('new-player@1');
    const player = new TestClient(app);
    await player.post('/api/user/login', { username: 'maria001', password: (await import('js-md5')).md5('Secret123') });
    const me = await player.get<{ persona: { username: string } }>('/api/dev/state');
    expect(me.body.data.persona).toMatchObject({ username: 'maria001' });
    const uid = (await app.services.users.byUsername('maria001'))?.uid ?? 0;
    const ws = await app.injectWS(`/webSocket/${uid}`, { headers: { cookie: player.cookie } });
    const frame = new Promise<string>((resolve) => ws.on('message', (raw) => resolve(String(raw))));
    expect((await player.post('/api/dev/push', { event: 'vip.tab.rewards.num', value: 3 })).body.success).toBe(true);
    expect(JSON.parse(await frame)).toMatchObject({ event: 'vip.tab.rewards.num', content: 3 });
    expect((await visitor.post('/api/dev/push', { event: 'vip.tab.rewards.num', value: 3 })).body.code).toBe(
      Code.SESSION_INVALID,
    );
    ws.terminate();
  });
});
