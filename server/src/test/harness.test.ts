// Supertest suites written the way an outside engineer would: only the harness, HTTP and the contract's
// JSON, no service or repository reached into.
import { md5 } from 'js-md5';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HARNESS_NOW, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('createTestApp with supertest', () => {
  it('a registered player starts at zero, deposits 500 through the sandbox checkout and has 500', async () => {
    const player = await t.register();
    const before = await request(t.server).get('/api/balance').set(t.headers(player)).expect(200);
    expect(before.body).toMatchObject({ success: true, code: 0, data: { userAccountVO: { balance: 0 } } });

    const { orderNo } = await t.deposit(player, 500);
    const records = await request(t.server).get('/api/recharge/fetch').set(t.headers(player)).expect(200);
    expect(records.body.data.list[0]).toMatchObject({ orderNo, amount: 500, status: 1 });
    const after = await request(t.server).get('/api/balance').set(t.headers(player)).expect(200);
    expect(after.body.data.userAccountVO.balance).toBe(500);
  });

  it('a declined checkout credits nothing; a pending one stays pending', async () => {
    const player = await t.register();
    await t.deposit(player, 500, { outcome: 'decline' });
    await t.deposit(player, 600, { outcome: 'pending' });
    const records = await request(t.server).get('/api/recharge/fetch').set(t.headers(player)).expect(200);
    expect(records.body.data.list.map((r: { amount: number; status: number }) => [r.amount, r.status])).toEqual([
      [600, 0],
      [500, 2],
    ]);
    const balance = await request(t.server).get('/api/balance').set(t.headers(player));
    expect(balance.body.data.userAccountVO.balance).toBe(0);
  });

  it('a mutating call without requestFrom is refused with 403/10007', async () => {
    const res = await request(t.server).post('/api/user/logout').send({}).expect(403);
    expect(res.body).toMatchObject({ success: false, code: 10007, data: null });
    expect(res.body.msg).toContain('requestFrom');
  });

  it('reads an SMS code from the outbox and binds the phone with it', async () => {
    const player = await t.register();
    const phone = '9187654321';
    await request(t.server)
      .post('/api/user/sms/send/bind')
      .set(t.headers(player))
      .send({ phone })
      .expect(200)
      .expect((res) => expect(res.body.success).toBe(true));
    const [code] = await t.smsCodes(phone);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('a ready player withdraws with a captcha answered through /ops', async () => {
    const player = await t.register();
    await t.readyToWithdraw(player);
    await t.fund(player, 1000);
    const captcha = await t.captcha(player);
    const res = await request(t.server)
      .post('/api/withdraw/create')
      .set(t.headers(player))
      .send({ amount: 200, password: md5('trade123'), captcha, smsCode: await t.withdrawCode(player) })
      .expect(200);
    expect(res.body).toMatchObject({ success: true, data: { amount: 200 } });
    const balance = await request(t.server).get('/api/balance').set(t.headers(player));
    expect(balance.body.data.userAccountVO.balance).toBe(800);
  });

  it('the clock stands at HARNESS_NOW and moves when told', async () => {
    const clock = await request(t.server).get('/ops/clock').set(t.opsHeaders()).expect(200);
    expect(clock.body.data).toMatchObject({ now: HARNESS_NOW.toISOString(), frozen: true });
    const moved = await t.advanceClock('1d2h');
    expect(Date.parse(moved.now) - HARNESS_NOW.getTime()).toBe(26 * 3_600_000);
    await t.setClock(HARNESS_NOW);
  });

  it('rate limits are lifted by default and come back when asked', async () => {
    // Supertest calls all come from 127.0.0.1: registrations per address are 10 an hour.
    const register = async (n: number) => {
      const phone = `97${String(n).padStart(8, '0')}`;
      // The sign-up code, texted from the same address (refused too once the SMS limit is back).
      await request(t.server).post('/api/user/sms/send/register').set(t.headers()).send({ phone });
      const sms = (await t.app.services.sms.outbox(phone, 5)).find((m) => m.purpose === 'register');
      return request(t.server)
        .post('/api/user/custom/register')
        .set(t.headers())
        .send({
          username: `burst${n}${Date.now() % 1e6}`.slice(0, 13),
          password: md5('x1234567'),
          phone,
          agree: true,
          smsCode: sms?.code ?? '000000',
        });
    };
    for (let i = 0; i < 11; i++) expect((await register(i)).body.success).toBe(true);
    t.liftRateLimits(false);
    try {
      const codes = [];
      for (let i = 11; i < 23; i++) codes.push((await register(i)).body.code);
      expect(codes).toContain(10006);
    } finally {
      t.liftRateLimits(true);
    }
  });
});

describe('a scenario through the harness', () => {
  it('loads pending-withdrawal and logs its persona in', async () => {
    const own = await createTestApp();
    try {
      const scenario = await own.loadScenario('pending-withdrawal');
      const persona = scenario.personas[0];
      if (!persona) throw new Error('pending-withdrawal has no persona');
      const player = await own.logIn(persona.username, persona.password);
      const withdrawals = await request(own.server).get('/api/withdraw/fetch').set(own.headers(player)).expect(200);
      expect(withdrawals.body.success).toBe(true);
      expect(withdrawals.body.data.list.length).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});
