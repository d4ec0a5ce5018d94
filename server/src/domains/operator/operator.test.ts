import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { testConfig } from '../../config';
import { stepAt, totpCode } from '../../lib/totp';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { codeNow, OPERATOR_PASSWORD, operatorClient } from '../../test/operators';
import { DEV_OPERATOR_PASSWORD, DEV_OPERATOR_TOTP_SECRET } from './seed';

/**
 * Operator accounts (issue 29 item 1), and how an operator or an outsider would try to beat them. Runs on
 * SQLite and on PostgreSQL + Redis (vitest.stores.config.ts).
 */
let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const MIN = 60_000;
const bo = () => new TestClient(app, undefined, { requestfrom: 'BO' });
type Me = { name: string; role: string; permissions: string[]; service: boolean };

describe('sign-in with 2FA', () => {
  it('enrols on the first sign-in, then needs name, password and a fresh code', async () => {
    const { enrol } = await app.services.operators.create({
      name: 'ana',
      role: 'cashier',
      password: OPERATOR_PASSWORD,
    });
    const client = bo();
    // First sign-in without a code: the enrolment (otpauth URI and secret), no session yet.
    const first = await client.post<{ operator: null; enrol: { secret: string; uri: string } }>('/ops/auth/login', {
      name: 'ana',
      password: OPERATOR_PASSWORD,
    });
    expect(first.body.data.operator).toBeNull();
    expect(first.body.data.enrol.secret).toBe(enrol.secret);
    expect(first.body.data.enrol.uri).toMatch(/^otpauth:\/\/totp\/.*ana\?secret=[A-Z2-7]+&/);
    expect((await client.get('/ops/auth/me')).status).toBe(401);
    // A wrong code does not enrol.
    const wrong = await client.post('/ops/auth/login', { name: 'ana', password: OPERATOR_PASSWORD, totp: '000000' });
    expect(wrong.body.code).toBe(Code.OPS_LOGIN_FAILED);
    const ok = await client.post<{ operator: Me }>('/ops/auth/login', {
      name: 'ana',
      password: OPERATOR_PASSWORD,
      totp: codeNow(app, enrol.secret),
    });
    expect(ok.body.data.operator).toMatchObject({ name: 'ana', role: 'cashier', service: false });
    const cookie = ok.headers['set-cookie'] as string;
    expect(cookie).toMatch(/^osid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const me = await client.get<Me>('/ops/auth/me');
    expect(me.body.data).toMatchObject({ name: 'ana', role: 'cashier' });
    expect(me.body.data.permissions).toContain('money.cashier');
    expect(me.body.data.permissions).not.toContain('money.adjust');
    // Enrolled now: a sign-in without a code is refused, not answered with the secret again.
    app.clock.advance(MIN);
    const noCode = await bo().post('/ops/auth/login', { name: 'ana', password: OPERATOR_PASSWORD });
    expect(noCode.body).toMatchObject({ success: false, code: Code.OPS_LOGIN_FAILED, data: null });
    // Logout ends the session.
    await client.post('/ops/auth/logout');
    expect((await new TestClient(app, undefined, { cookie }).get('/ops/auth/me')).status).toBe(401);
  });

  it('the seeded dev accounts sign in with the documented password and secret', async () => {
    const answer = await bo().post<{ operator: Me }>('/ops/auth/login', {
      name: 'dev-tester',
      password: DEV_OPERATOR_PASSWORD,
      totp: codeNow(app, DEV_OPERATOR_TOTP_SECRET),
    });
    expect(answer.body.data.operator).toMatchObject({ name: 'dev-tester', role: 'tester' });
  });

  it('refuses a TOTP code replayed within its step, and lets one of two racing sign-ins with one code through', async () => {
    const { client, secret, name } = await operatorClient(app, 'support');
    const used = codeNow(app, secret);
    await client.post('/ops/auth/logout');
    const replay = await bo().post('/ops/auth/login', { name, password: OPERATOR_PASSWORD, totp: used });
    expect(replay.body.code).toBe(Code.OPS_LOGIN_FAILED);
    // The previous step's code is older than the one used: refused too.
    const older = totpCode(secret, stepAt(app.clock.nowMs()) - 1);
    expect((await bo().post('/ops/auth/login', { name, password: OPERATOR_PASSWORD, totp: older })).body.code).toBe(
      Code.OPS_LOGIN_FAILED,
    );
    // Two tabs race with the next step's code: one session, one refusal.
    app.clock.advance(30_000);
    const next = codeNow(app, secret);
    const answers = await Promise.all(
      [bo(), bo()].map((c) => c.post('/ops/auth/login', { name, password: OPERATOR_PASSWORD, totp: next })),
    );
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
  });

  it('locks an account after 5 failures (password or code), even for the right credentials, and parallel guesses do not get past it', async () => {
    app.limiter.lifted = false;
    const { enrol } = await app.services.operators.create({ name: 'bob', role: 'admin', password: OPERATOR_PASSWORD });
    await bo().post('/ops/auth/login', { name: 'bob', password: OPERATOR_PASSWORD, totp: codeNow(app, enrol.secret) });
    app.clock.advance(MIN);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bo().post('/ops/auth/login', {
          name: 'bob',
          password: i % 2 ? 'wrong password!' : OPERATOR_PASSWORD,
          totp: i % 2 ? codeNow(app, enrol.secret) : '123456',
        }),
      ),
    );
    const codes = guesses.map((g) => g.body.code);
    expect(codes.filter((c) => c === Code.OPS_LOGIN_FAILED).length).toBeLessThanOrEqual(5);
    expect(codes).toContain(Code.OPS_LOGIN_LOCKED);
    expect(codes).not.toContain(0);
    const right = await bo().post('/ops/auth/login', {
      name: 'bob',
      password: OPERATOR_PASSWORD,
      totp: codeNow(app, enrol.secret),
    });
    expect(right.body.code).toBe(Code.OPS_LOGIN_LOCKED);
    // 15 minutes later the right credentials pass.
    app.clock.advance(16 * MIN);
    const later = await bo().post('/ops/auth/login', {
      name: 'bob',
      password: OPERATOR_PASSWORD,
      totp: codeNow(app, enrol.secret),
    });
    expect(later.body.success).toBe(true);
  });
});

describe('lock-out by name, whatever its case or spaces', () => {
  it("guesses spread over 'BOB', ' bob ' and 'Bob' count against one lock", async () => {
    app.limiter.lifted = false;
    const { enrol } = await app.services.operators.create({ name: 'bob', role: 'admin', password: OPERATOR_PASSWORD });
    for (const name of ['BOB', ' bob ', 'Bob', 'bOb ', '\tbob', 'boB']) {
      await bo().post('/ops/auth/login', { name, password: 'wrong password!', totp: '123456' });
    }
    const right = await bo().post('/ops/auth/login', {
      name: 'bob',
      password: OPERATOR_PASSWORD,
      totp: codeNow(app, enrol.secret),
    });
    expect(right.body.code).toBe(Code.OPS_LOGIN_LOCKED);
  });
});

describe('roles', () => {
  it('a cashier cannot adjust a balance (403, nothing moves) but can read the withdrawals', async () => {
    const { info } = await registerPlayer(app);
    const { client } = await operatorClient(app, 'cashier');
    const adjust = await client.post(`/ops/users/${info.uid}/adjust`, { amount: 500, reason: 'please' });
    expect(adjust.status).toBe(403);
    expect(adjust.body).toMatchObject({ success: false, code: Code.OPS_FORBIDDEN });
    const player = await app.services.users.byUid(info.uid);
    expect((await app.services.ledger.buckets(player!.id)).userAccountVO.balance).toBe(0);
    expect((await client.get('/ops/withdrawals')).body.success).toBe(true);
  });

  it('a support agent cannot run a scenario reset; a tester can', async () => {
    const { info } = await registerPlayer(app);
    const support = (await operatorClient(app, 'support')).client;
    const reset = await support.post('/ops/scenarios/fresh', {});
    expect(reset.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await opsClient(app).get(`/ops/users/${info.uid}`)).body.success).toBe(true); // still there
    const admin = (await operatorClient(app, 'admin')).client;
    expect((await admin.post('/ops/clock', { advance: '1h' })).body.code).toBe(Code.OPS_FORBIDDEN);
    const tester = (await operatorClient(app, 'tester')).client;
    expect((await tester.get('/ops/scenarios')).body.success).toBe(true);
  });

  it('an admin adjusts a balance and the audit row names the account, not a typed X-Operator', async () => {
    const { info } = await registerPlayer(app);
    const { client, name } = await operatorClient(app, 'admin');
    const answer = await client.request({
      method: 'POST',
      url: `/ops/users/${info.uid}/adjust`,
      payload: { amount: 50, reason: 'goodwill' },
      headers: { 'x-operator': 'somebody-else' },
    });
    expect(answer.body.success).toBe(true);
    const trail = await opsClient(app).get<{ list: { operator: string; route: string }[] }>('/ops/audit', {
      route: 'adjust',
    });
    expect(trail.body.data.list.map((e) => e.operator)).toEqual([name]);
  });
});

describe('a typed reason for every money or status action', () => {
  it('refuses a back-office suspension, approval or manual credit without a reason, and audits the reason given', async () => {
    const { info } = await registerPlayer(app);
    const support = (await operatorClient(app, 'support')).client;
    const bare = await support.post(`/ops/users/${info.uid}/status`, { status: 'suspended' });
    expect(bare.body.code).toBe(Code.OPS_REASON_REQUIRED);
    const blank = await support.post(`/ops/users/${info.uid}/status`, { status: 'suspended', reason: '   ' });
    expect(blank.body.code).toBe(Code.OPS_REASON_REQUIRED);
    expect((await opsClient(app).get<{ status: string }>(`/ops/users/${info.uid}`)).body.data.status).toBe('active');
    const cashier = (await operatorClient(app, 'cashier')).client;
    for (const path of ['/ops/withdrawals/W0000000000000001/review', '/ops/deposits/D0000000000000001/settle']) {
      const answer = await cashier.post(path, path.endsWith('settle') ? { status: 'SUCCESS' } : {});
      expect(answer.body.code, path).toBe(Code.OPS_REASON_REQUIRED);
    }
    const done = await support.post(`/ops/users/${info.uid}/status`, { status: 'suspended', reason: 'chargeback' });
    expect(done.body.success).toBe(true);
    const trail = await opsClient(app).get<{ list: { request: { reason: string }; code: number }[] }>('/ops/audit', {
      route: 'status',
    });
    expect(trail.body.data.list.map((e) => [e.code, e.request.reason])).toEqual([
      [0, 'chargeback'],
      [Code.OPS_REASON_REQUIRED, '   '],
      [Code.OPS_REASON_REQUIRED, ''],
    ]);
  });
});

describe('sessions', () => {
  it("refuses a disabled operator's live session at the next request", async () => {
    const { client, operator } = await operatorClient(app, 'support');
    expect((await client.get('/ops/users')).body.success).toBe(true);
    await opsClient(app).post(`/ops/operators/${operator.id}`, { disabled: true, reason: 'left the company' });
    const next = await client.get('/ops/users');
    expect(next.status).toBe(401);
    expect(next.body.code).toBe(Code.OPS_UNAUTHORIZED);
  });

  it('a password or 2FA reset ends every session of the operator', async () => {
    const a = await operatorClient(app, 'risk');
    await opsClient(app).post(`/ops/operators/${a.operator.id}/password`, {
      password: 'another password',
      reason: 'leak',
    });
    expect((await a.client.get('/ops/auth/me')).status).toBe(401);
    const b = await operatorClient(app, 'risk');
    const reset = await opsClient(app).post<{ enrol: { secret: string } }>(
      `/ops/operators/${b.operator.id}/totp/reset`,
      {
        reason: 'lost phone',
      },
    );
    expect(reset.body.data.enrol.secret).not.toBe(b.secret);
    expect((await b.client.get('/ops/auth/me')).status).toBe(401);
    // The old authenticator no longer signs in; the next sign-in enrols the new secret.
    app.clock.advance(MIN);
    const old = await bo().post('/ops/auth/login', {
      name: b.name,
      password: OPERATOR_PASSWORD,
      totp: codeNow(app, b.secret),
    });
    expect(old.body.code).toBe(Code.OPS_LOGIN_FAILED);
  });

  it('ends a session idle 30 minutes, and any session 12 hours after sign-in', async () => {
    const idle = await operatorClient(app, 'support');
    app.clock.advance(29 * MIN);
    expect((await idle.client.get('/ops/auth/me')).status).toBe(200);
    app.clock.advance(30 * MIN);
    expect((await idle.client.get('/ops/auth/me')).status).toBe(401);
    const busy = await operatorClient(app, 'support');
    for (let hour = 0; hour < 12 * 3 - 1; hour++) {
      app.clock.advance(20 * MIN);
      expect((await busy.client.get('/ops/auth/me')).status, `after ${hour * 20 + 20} min`).toBe(200);
    }
    app.clock.advance(20 * MIN);
    expect((await busy.client.get('/ops/auth/me')).status).toBe(401);
  });

  it('an operator cookie is nobody on player routes, and a player cookie nobody on /ops', async () => {
    const { client } = await operatorClient(app, 'admin');
    const asPlayer = await client.get('/api/user/info');
    expect(asPlayer.body.code).toBe(Code.SESSION_INVALID);
    const player = await registerPlayer(app);
    const asOps = await player.client.get('/ops/users');
    expect(asOps.status).toBe(401);
    // Even a player cookie renamed as the operator's is no operator session.
    const sid = /sid=([^;]+)/.exec(player.client.cookie)?.[1];
    const renamed = await new TestClient(app, undefined, { cookie: `osid=${sid}` }).get('/ops/users');
    expect(renamed.status).toBe(401);
  });

  it('refuses a cookie-authenticated POST without the back office header (CSRF): nothing changes', async () => {
    const { info } = await registerPlayer(app);
    const { client } = await operatorClient(app, 'support');
    const forged = await client.request({
      method: 'POST',
      url: `/ops/users/${info.uid}/status`,
      payload: { status: 'suspended', reason: 'forged' },
      headers: { requestfrom: '' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe(Code.OPS_CSRF);
    expect((await opsClient(app).get<{ status: string }>(`/ops/users/${info.uid}`)).body.data.status).toBe('active');
    // A forged sign-in (login CSRF) is refused too.
    const login = await new TestClient(app).request({
      method: 'POST',
      url: '/ops/auth/login',
      payload: { name: 'dev-admin', password: DEV_OPERATOR_PASSWORD },
      headers: { requestfrom: '' },
    });
    expect(login.body.code).toBe(Code.OPS_CSRF);
  });
});

describe('operator management', () => {
  it('creates operators (unique names), changes roles and keeps the last admin', async () => {
    const admin = await operatorClient(app, 'admin');
    const created = await admin.client.post<{ operator: { id: number }; enrol: { secret: string } }>('/ops/operators', {
      name: 'cara',
      role: 'support',
      password: 'a long password',
    });
    expect(created.body.data.enrol.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(
      (await admin.client.post('/ops/operators', { name: 'CARA', role: 'risk', password: 'a long password' })).body
        .code,
    ).toBe(Code.OPERATOR_EXISTS);
    // The secret of an enrolment is not written to the audit trail.
    const trail = await opsClient(app).get<{ list: { after: unknown }[] }>('/ops/audit', { route: '/ops/operators' });
    expect(JSON.stringify(trail.body.data.list)).not.toContain(created.body.data.enrol.secret);
    const list = await admin.client.get<{ name: string; role: string; enrolled: boolean }[]>('/ops/operators');
    expect(list.body.data.find((o) => o.name === 'cara')).toMatchObject({ role: 'support', enrolled: false });
    // Every other admin disabled: the last one cannot be disabled or demoted.
    for (const o of (await app.services.operators.list()).filter(
      (o) => o.role === 'admin' && o.id !== admin.operator.id,
    ))
      await app.services.operators.update(o.id, { disabled: true });
    const demote = await opsClient(app).post(`/ops/operators/${admin.operator.id}`, { role: 'support', reason: 'x' });
    expect(demote.body.code).toBe(Code.OPS_LAST_ADMIN);
    // A reason is required.
    expect(
      (await opsClient(app).post(`/ops/operators/${created.body.data.operator.id}`, { role: 'risk' })).body.code,
    ).toBe(Code.VALIDATION);
  });

  it('an admin cannot make or take over a tester (who may wipe the database); the service account can', async () => {
    const admin = await operatorClient(app, 'admin');
    // creating a tester, or turning an account into one: refused, nothing made
    const made = await admin.client.post('/ops/operators', {
      name: 'tina',
      role: 'tester',
      password: OPERATOR_PASSWORD,
    });
    expect(made.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await app.services.operators.list()).some((o) => o.name === 'tina')).toBe(false);
    const support = await app.services.operators.create({ name: 'sam', role: 'support', password: OPERATOR_PASSWORD });
    const promote = await admin.client.post(`/ops/operators/${support.operator.id}`, { role: 'tester', reason: 'x' });
    expect(promote.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await app.services.operators.list()).find((o) => o.name === 'sam')?.role).toBe('support');
    // taking over an existing tester by resetting its password or 2FA: refused, the tester's own still work
    const tester = await operatorClient(app, 'tester');
    const reset = await admin.client.post(`/ops/operators/${tester.operator.id}/password`, {
      password: 'an admin knows this one',
      reason: 'x',
    });
    expect(reset.body.code).toBe(Code.OPS_FORBIDDEN);
    const totp = await admin.client.post(`/ops/operators/${tester.operator.id}/totp/reset`, { reason: 'x' });
    expect(totp.body.code).toBe(Code.OPS_FORBIDDEN);
    expect((await tester.client.get('/ops/auth/me')).body.data).toMatchObject({ name: tester.name, role: 'tester' });
    // the admin still manages every other role, and the service account grants the tester role
    expect(
      (await admin.client.post(`/ops/operators/${support.operator.id}`, { role: 'risk', reason: 'x' })).body.success,
    ).toBe(true);
    const byService = await opsClient(app).post('/ops/operators', {
      name: 'tina',
      role: 'tester',
      password: OPERATOR_PASSWORD,
    });
    expect(byService.body.success).toBe(true);
  });

  it('the service account (ADMIN_TOKEN) keeps every right; its audit rows say "service" or its X-Operator', async () => {
    expect((await opsClient(app).get('/ops/auth/me')).body.data).toMatchObject({ name: 'service', service: true });
    expect((await opsClient(app).post('/ops/clock', { advance: '1m' })).body.success).toBe(true);
  });
});

describe('tester tools', () => {
  it('a scenario load or a snapshot restore keeps the operator accounts and the tester signed in', async () => {
    const tester = await operatorClient(app, 'tester');
    expect((await tester.client.post('/ops/snapshots/before', {})).body.success).toBe(true);
    const later = await app.services.operators.create({ name: 'later', role: 'support', password: OPERATOR_PASSWORD });
    expect((await tester.client.post('/ops/scenarios/fresh', {})).body.success).toBe(true);
    expect((await tester.client.get('/ops/auth/me')).body.data).toMatchObject({ name: tester.name });
    expect((await tester.client.post('/ops/snapshots/before/restore', {})).body.success).toBe(true);
    expect((await tester.client.get('/ops/auth/me')).body.data).toMatchObject({ name: tester.name });
    expect((await app.services.operators.list()).map((o) => o.id)).toContain(later.operator.id);
  });
});

describe('TESTER_TOOLS=off', () => {
  it('switches every tester tool off for everyone, and disables the dev accounts', async () => {
    await app.close();
    app = await testApp({ config: testConfig({ testerTools: false }) });
    for (const [method, url] of [
      ['GET', '/ops/scenarios'],
      ['POST', '/ops/scenarios/fresh'],
      ['POST', '/ops/clock'],
      ['GET', '/ops/faults'],
      ['GET', '/ops/snapshots'],
      ['GET', '/ops/sms'],
      ['GET', '/ops/requests.har'],
    ] as const) {
      const answer = await opsClient(app).request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(answer.status, url).toBe(404);
      expect(answer.body.code, url).toBe(Code.OPS_TESTER_TOOLS_OFF);
    }
    expect((await opsClient(app).get<Me & { testerTools: boolean }>('/ops/auth/me')).body.data.testerTools).toBe(false);
    const dev = await bo().post('/ops/auth/login', {
      name: 'dev-admin',
      password: DEV_OPERATOR_PASSWORD,
      totp: codeNow(app, DEV_OPERATOR_TOTP_SECRET),
    });
    expect(dev.body.code).toBe(Code.OPS_LOGIN_FAILED);
    // Money and player tools are not tester tools.
    expect((await opsClient(app).get('/ops/users')).body.success).toBe(true);
  });
});
