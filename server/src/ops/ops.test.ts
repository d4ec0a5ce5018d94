import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { opsEndpoints } from '../../../shared/contract/ops';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { hashed, opsClient, registerPlayer, TEST_NOW, TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';

type OpsUser = {
  uid: number;
  id: number;
  username: string;
  status: 'active' | 'suspended';
  statusReason: string;
  phoneNumber: string;
  phone: string;
};
type ClockState = { now: string; manilaDay: string; offsetMs: number; frozen: boolean };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const unauthorized = {
  success: false,
  code: Code.OPS_UNAUTHORIZED,
  msg: 'Sign in to the back office: your operator session is missing or has ended',
  data: null,
};

describe('the operator token', () => {
  it('every /ops route refuses a missing token, a wrong token and a player cookie (401, 30001)', async () => {
    const { client: player } = await registerPlayer(app);
    const before = await inDb(app.db).value`SELECT COUNT(*) FROM sessions WHERE revoked_at IS NULL`;
    const token = app.config.adminToken;
    const wrongHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer ' },
      { cookie: player.cookie },
    ];
    expect(opsEndpoints.length).toBeGreaterThanOrEqual(7);
    // The sign-in itself is open (access 'open'): every other /ops route needs an operator.
    for (const endpoint of opsEndpoints.filter((e) => e.access === 'ops')) {
      const url = endpoint.path.replace(':uid', '12345678');
      expect(app.hasRoute({ method: endpoint.method, url: endpoint.path }), url).toBe(true);
      for (const headers of wrongHeaders) {
        const answer = await app.inject({
          method: endpoint.method,
          url,
          headers,
          ...(endpoint.method === 'POST' ? { payload: { advance: '1d', status: 'suspended' } } : {}),
        });
        const label = `${endpoint.method} ${url} ${JSON.stringify(headers).slice(0, 40)}`;
        expect(answer.statusCode, label).toBe(401);
        expect(answer.json(), label).toEqual(unauthorized);
      }
    }
    // Nothing moved: the clock stands and the player's session lives.
    expect(app.clock.now()).toEqual(TEST_NOW);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM sessions WHERE revoked_at IS NULL`).toBe(before);
    expect((await player.get('/api/user/info')).body.success).toBe(true);
  });

  it('accepts the right token without the requestFrom header', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/ops/clock',
      headers: { authorization: `Bearer ${app.config.adminToken}` },
      payload: { advance: '1h' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true });
  });
});

describe('GET /ops/sms', () => {
  it('lists the outbox newest first and filters by phone', async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const visitor = new TestClient(app);
    await visitor.post('/api/user/sms/send/resetLoginPwd', { phone: a.player.phone });
    await visitor.post('/api/user/sms/send/resetLoginPwd', { phone: b.player.phone });
    await a.client.post('/api/user/sms/send/resetTradePwd');
    const ops = opsClient(app);
    const all = await ops.get<{ phone: string; purpose: string; code: string }[]>('/ops/sms');
    // Newest first, after the two sign-ups' codes (b's, then a's).
    expect(all.body.data.map((m) => [m.phone, m.purpose])).toEqual([
      [a.player.phone, 'resetTradePwd'],
      [b.player.phone, 'resetLoginPwd'],
      [a.player.phone, 'resetLoginPwd'],
      [b.player.phone, 'register'],
      [a.player.phone, 'register'],
    ]);
    const onlyB = await ops.get<{ phone: string; purpose: string }[]>('/ops/sms', { phone: b.player.phone });
    expect(onlyB.body.data.map((m) => [m.phone, m.purpose])).toEqual([
      [b.player.phone, 'resetLoginPwd'],
      [b.player.phone, 'register'],
    ]);
    const limited = await ops.get<unknown[]>('/ops/sms', { limit: 1 });
    expect(limited.body.data).toHaveLength(1);
    const bad = await ops.get('/ops/sms', { phone: 'abc' });
    expect(bad.body.code).toBe(Code.VALIDATION);
  });
});

describe('/ops/clock', () => {
  it('reads the virtual now', async () => {
    const answer = await opsClient(app).get<ClockState>('/ops/clock');
    expect(answer.body.data).toMatchObject({ now: TEST_NOW.toISOString(), manilaDay: '2026-11-20', frozen: true });
  });

  it('advances by d, h, m, s and combinations', async () => {
    const ops = opsClient(app);
    let expected = TEST_NOW.getTime();
    for (const [text, ms] of [
      ['1d', 86_400_000],
      ['3h', 3 * 3_600_000],
      ['15m', 15 * 60_000],
      ['30s', 30_000],
      ['1d12h', 36 * 3_600_000],
    ] as const) {
      const answer = await ops.post<ClockState>('/ops/clock', { advance: text });
      expected += ms;
      expect(answer.body.success, text).toBe(true);
      expect(answer.body.data.now, text).toBe(new Date(expected).toISOString());
      expect(app.clock.nowMs(), text).toBe(expected);
    }
    expect((await ops.get<ClockState>('/ops/clock')).body.data.now).toBe(new Date(expected).toISOString());
  });

  it('sets an ISO instant, with its offset, and reports the Manila day', async () => {
    const ops = opsClient(app);
    const answer = await ops.post<ClockState>('/ops/clock', { set: '2026-12-01T00:30:00+08:00' });
    expect(answer.body.data).toMatchObject({ now: '2026-11-30T16:30:00.000Z', manilaDay: '2026-12-01' });
    expect(app.clock.iso()).toBe('2026-11-30T16:30:00.000Z');
  });

  it('refuses a bad duration (30003) and both or neither of set/advance (10001), leaving the clock', async () => {
    const ops = opsClient(app);
    for (const advance of ['5x', '1', 'd1', '-1d', '1.5h', '1 d', '']) {
      const answer = await ops.post('/ops/clock', { advance });
      expect(answer.body.code, advance).toBe(Code.OPS_BAD_DURATION);
      expect(answer.body.msg, advance).toBe('Write a duration like 1d, 3h, 15m or 30s');
    }
    expect((await ops.post('/ops/clock', { set: TEST_NOW.toISOString(), advance: '1d' })).body.code).toBe(
      Code.VALIDATION,
    );
    expect((await ops.post('/ops/clock', {})).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/clock', { set: 'tomorrow' })).body.code).toBe(Code.VALIDATION);
    expect(app.clock.now()).toEqual(TEST_NOW);
  });

  it('refuses a time the server cannot keep, leaving the clock and the API working', async () => {
    const ops = opsClient(app);
    const { client } = await registerPlayer(app);
    for (const advance of ['99999999d', '100000d']) {
      const answer = await ops.post('/ops/clock', { advance });
      expect(answer.status, advance).toBe(200);
      expect(answer.body.code, advance).toBe(Code.OPS_BAD_DURATION);
    }
    for (const set of ['1900-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      const answer = await ops.post('/ops/clock', { set });
      expect(answer.body, set).toMatchObject({ success: false, code: Code.VALIDATION });
      expect(answer.body.data, set).toEqual([{ field: 'set', message: 'Format is incorrect' }]);
    }
    expect(app.clock.now()).toEqual(TEST_NOW);
    expect((await client.get('/api/user/info')).body.success).toBe(true);
    expect((await ops.post('/ops/clock', { advance: '3650d' })).body.success).toBe(true);
  });

  it('moves the time every rule reads: an SMS code expires after advance 5m1s', async () => {
    const { player } = await registerPlayer(app);
    const visitor = new TestClient(app);
    await visitor.post('/api/user/sms/send/resetLoginPwd', { phone: player.phone });
    const ops = opsClient(app);
    const [sms] = (await ops.get<{ code: string }[]>('/ops/sms', { phone: player.phone })).body.data;
    await ops.post('/ops/clock', { advance: '5m1s' });
    const late = await visitor.post('/api/reset/login/pwd', {
      phone: player.phone,
      code: sms!.code,
      password: hashed('newpass99'),
    });
    expect(late.body.code).toBe(Code.SMS_CODE_INVALID);
  });
});

describe('/ops/users', () => {
  it('searches by username, phone or uid and gets one player', async () => {
    const a = await registerPlayer(app, { username: 'OpsFindMe1' });
    const b = await registerPlayer(app);
    const ops = opsClient(app);
    const byName = await ops.get<OpsUser[]>('/ops/users', { q: 'opsfind' });
    expect(byName.body.data.map((u) => u.uid)).toEqual([a.info.uid]);
    const byPhone = await ops.get<OpsUser[]>('/ops/users', { q: b.player.phone });
    expect(byPhone.body.data.map((u) => u.uid)).toEqual([b.info.uid]);
    const byUid = await ops.get<OpsUser[]>('/ops/users', { q: String(a.info.uid) });
    expect(byUid.body.data.map((u) => u.uid)).toEqual([a.info.uid]);
    const everyone = await ops.get<OpsUser[]>('/ops/users');
    expect(everyone.body.data.map((u) => u.uid)).toEqual([b.info.uid, a.info.uid]);
    expect((await ops.get<OpsUser[]>('/ops/users', { q: 'nobodyhere' })).body.data).toEqual([]);

    const one = await ops.get<OpsUser>(`/ops/users/${a.info.uid}`);
    expect(one.body.data).toMatchObject({
      uid: a.info.uid,
      username: 'OpsFindMe1',
      status: 'active',
      phoneNumber: a.player.phone,
      phone: `9*****${a.player.phone.slice(-4)}`,
    });
    const missing = await ops.get('/ops/users/99999999');
    expect(missing.body).toMatchObject({ success: false, code: Code.OPS_NOT_FOUND });
    expect((await ops.get('/ops/users/abc')).body.code).toBe(Code.VALIDATION);
  });

  it('suspends a player (sessions end, login answers 20012) and reactivates them', async () => {
    const { client, player, info } = await registerPlayer(app);
    const ops = opsClient(app);
    const suspended = await ops.post<OpsUser>(`/ops/users/${info.uid}/status`, {
      status: 'suspended',
      reason: 'chargeback review',
    });
    expect(suspended.body.data).toMatchObject({ status: 'suspended', statusReason: 'chargeback review' });
    expect((await client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);

    const refused = await new TestClient(app).post('/api/user/login', {
      username: player.username,
      password: hashed(player.password),
    });
    expect(refused.body).toMatchObject({ success: false, code: Code.ACCOUNT_SUSPENDED });
    expect(refused.headers['set-cookie']).toBeUndefined();

    const active = await ops.post<OpsUser>(`/ops/users/${info.uid}/status`, { status: 'active' });
    expect(active.body.data).toMatchObject({ status: 'active', statusReason: '' });
    const again = new TestClient(app);
    const back = await again.post('/api/user/login', { username: player.username, password: hashed(player.password) });
    expect(back.body.success).toBe(true);
    expect((await again.get('/api/user/info')).body.success).toBe(true);

    expect((await ops.post(`/ops/users/${info.uid}/status`, { status: 'banned' })).body.code).toBe(Code.VALIDATION);
    expect((await ops.post('/ops/users/99999999/status', { status: 'active' })).body.code).toBe(Code.OPS_NOT_FOUND);
  });

  it('revokes every session of a player', async () => {
    const { client, info } = await registerPlayer(app);
    const other = await registerPlayer(app);
    const answer = await opsClient(app).post(`/ops/users/${info.uid}/sessions/revoke`, {});
    expect(answer.body).toMatchObject({ success: true, data: null });
    expect((await client.get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    expect((await other.client.get('/api/user/info')).body.success).toBe(true);
    expect((await opsClient(app).post('/ops/users/99999999/sessions/revoke', {})).body.code).toBe(Code.OPS_NOT_FOUND);
  });
});

describe('OPS_ENABLED false', () => {
  it('registers no /ops route: /ops/clock answers 404 with an envelope', async () => {
    const closed = await buildApp({ config: testConfig({ opsEnabled: false }), frozenAt: TEST_NOW });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await closed.inject({
          method,
          url: '/ops/clock',
          headers: { authorization: `Bearer ${closed.config.adminToken}` },
          ...(method === 'POST' ? { payload: { advance: '1d' } } : {}),
        });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ success: false, code: Code.NOT_FOUND, data: null });
      }
      expect(closed.clock.now()).toEqual(TEST_NOW);
      // The player API is still there.
      expect((await new TestClient(closed).get('/api/user/info')).body.code).toBe(Code.SESSION_INVALID);
    } finally {
      await closed.close();
    }
  });
});
