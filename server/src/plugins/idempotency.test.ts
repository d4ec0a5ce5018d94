import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import type { Clock } from '../clock';
import { hashed, registerPlayer, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import {
  balanceOf,
  fund,
  readyPlayer,
  solvedCaptcha,
  TRADE_PASSWORD,
  type WithdrawRecord,
  withdrawCode,
} from '../test/money';
import { canonicalJson } from './idempotency';
import { createIdempotencyService, IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_PURGE_EVERY_MS } from './idempotency.service';

/**
 * Idempotency-Key on the players' money POSTs (issue 26 item 4: a retried withdrawal created a second
 * order), against the real app: Stripe's semantics, per player.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

let serial = 0;
const freshKey = () => `key-${process.pid}-${Date.now()}-${++serial}`;

/** A player ready to withdraw, with a wallet number of their own (one wallet, one account). */
const ready = (funds: number) =>
  readyPlayer(app, {
    funds,
    wallet: { bank: 'gcash', name: 'Juan Cruz', account: `91${10_000_000 + ++serial}` },
  });

/** A withdrawal's body with a solved captcha of the player. */
async function withdrawalBody(client: TestClient, amount: number) {
  return {
    amount,
    password: hashed(TRADE_PASSWORD),
    captcha: await solvedCaptcha(app, client),
    smsCode: await withdrawCode(app, client),
  };
}

const post = <T = WithdrawRecord>(client: TestClient, url: string, body: unknown, key?: string) =>
  client.request<T>({
    method: 'POST',
    url,
    payload: body as object,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const userIdOf = async (uid: number) => (await app.services.users.byUid(uid))?.id as number;
const withdrawalsOf = async (uid: number) =>
  Number(await inDb(app.db).value`SELECT COUNT(*) FROM withdrawals WHERE user_id = ${await userIdOf(uid)}`);
const storedKeys = async (uid: number) =>
  Number(await inDb(app.db).value`SELECT COUNT(*) FROM idempotency_keys WHERE user_id = ${await userIdOf(uid)}`);

describe('Idempotency-Key on POST /api/withdraw/create', () => {
  it('a retry with the same key and body creates no second order: the first answer again, marked replayed', async () => {
    const { client, uid } = await ready(1_000);
    const key = freshKey();
    const body = await withdrawalBody(client, 300);

    const first = await post(client, '/api/withdraw/create', body, key);
    expect(first.body.success).toBe(true);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post(client, '/api/withdraw/create', body, key);
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // The same body with its fields in another order is the same request.
    const reordered = await post(
      client,
      '/api/withdraw/create',
      { captcha: body.captcha, password: body.password, smsCode: body.smsCode, amount: 300 },
      key,
    );
    expect(reordered.body).toEqual(first.body);

    expect(await withdrawalsOf(uid)).toBe(1);
    expect(await balanceOf(client)).toMatchObject({ balance: 700 });
  });

  it('10 identical requests at once with one key: one order, the others replay it or are told it is in progress', async () => {
    const { client, uid } = await ready(1_000);
    const key = freshKey();
    const body = await withdrawalBody(client, 100);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(client, '/api/withdraw/create', body, key)),
    );
    const succeeded = answers.filter((a) => a.body.success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((a) => a.body.data.orderNo)).size).toBe(1);
    expect(succeeded.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.body.success)) {
      expect(refused.body.code).toBe(Code.IDEMPOTENCY_IN_PROGRESS);
      expect(refused.body.msg).toBe('A request with this key is still being processed; try again in a moment');
    }

    // Once the first is done, the same key answers its answer.
    const later = await post(client, '/api/withdraw/create', body, key);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body.data.orderNo).toBe(succeeded[0]?.body.data.orderNo);
    expect(await withdrawalsOf(uid)).toBe(1);
    expect(await balanceOf(client)).toMatchObject({ balance: 900 });
  });

  it('the same key with another amount, or on another endpoint, is IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const { client, uid } = await ready(1_000);
    const key = freshKey();
    const body = await withdrawalBody(client, 200);
    const first = await post(client, '/api/withdraw/create', body, key);
    expect(first.body.success).toBe(true);

    const otherAmount = await post(client, '/api/withdraw/create', { ...body, amount: 250 }, key);
    expect(otherAmount.body).toMatchObject({ success: false, code: Code.IDEMPOTENCY_KEY_REUSED, data: null });
    expect(otherAmount.headers['idempotent-replayed']).toBeUndefined();
    const otherEndpoint = await post(client, '/api/recharge/build', { channel: 'gcash', amount: 500 }, key);
    expect(otherEndpoint.body.code).toBe(Code.IDEMPOTENCY_KEY_REUSED);

    expect(await withdrawalsOf(uid)).toBe(1);
    expect(await balanceOf(client)).toMatchObject({ balance: 800 });
    // The key still answers its own request.
    expect((await post(client, '/api/withdraw/create', body, key)).body).toEqual(first.body);
  });

  it('keys are per player: another player sending the same key gets their own order', async () => {
    const a = await ready(1_000);
    const b = await ready(1_000);
    const key = freshKey();
    const answerA = await post(a.client, '/api/withdraw/create', await withdrawalBody(a.client, 150), key);
    const answerB = await post(b.client, '/api/withdraw/create', await withdrawalBody(b.client, 150), key);
    expect(answerA.body.success && answerB.body.success).toBe(true);
    expect(answerB.headers['idempotent-replayed']).toBeUndefined();
    expect(answerB.body.data.orderNo).not.toBe(answerA.body.data.orderNo);
    expect([await withdrawalsOf(a.uid), await withdrawalsOf(b.uid)]).toEqual([1, 1]);
  });

  it('a business refusal is kept: the retry gets the same refusal even once the balance would allow it', async () => {
    const { client, uid } = await ready(100);
    const key = freshKey();
    const body = await withdrawalBody(client, 500);
    const refused = await post(client, '/api/withdraw/create', body, key);
    expect(refused.body.code).toBe(Code.INSUFFICIENT_BALANCE);

    await fund(app, uid, 1_000);
    const retry = await post(client, '/api/withdraw/create', body, key);
    expect(retry.body).toEqual(refused.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await withdrawalsOf(uid)).toBe(0);
  });

  it('without the header every call runs, as before', async () => {
    const { client, uid } = await ready(1_000);
    const body = await withdrawalBody(client, 100);
    expect((await post(client, '/api/withdraw/create', body)).body.success).toBe(true);
    // The captcha is used once: the same body again runs and is refused for it, no replay.
    const again = await post(client, '/api/withdraw/create', body);
    expect(again.body.code).toBe(Code.CAPTCHA_INVALID);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((await post(client, '/api/withdraw/create', await withdrawalBody(client, 100))).body.success).toBe(true);
    expect(await withdrawalsOf(uid)).toBe(2);
    expect(await storedKeys(uid)).toBe(0);
  });

  it('an invalid key is a validation failure of the header, and nothing runs', async () => {
    const { client, uid } = await ready(1_000);
    const body = await withdrawalBody(client, 100);
    for (const key of ['k'.repeat(256), 'tab\there']) {
      const answer = await post(client, '/api/withdraw/create', body, key);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: false,
        code: Code.VALIDATION,
        msg: 'Idempotency-Key: Format is incorrect',
        data: [{ field: 'Idempotency-Key', message: 'Format is incorrect' }],
      });
    }
    expect(await withdrawalsOf(uid)).toBe(0);
    expect(await storedKeys(uid)).toBe(0);
    // 255 printable characters are a key.
    expect((await post(client, '/api/withdraw/create', body, `~ ${'k'.repeat(253)}`)).body.success).toBe(true);
  });
});

describe('Idempotency-Key on POST /api/poker/draw', () => {
  it('a retried draw shows the same card and uses no second chance; a new key draws again', async () => {
    const { client, info } = await registerPlayer(app);
    const key = freshKey();
    const first = await post<{ card: { code: string }; chances: number }>(client, '/api/poker/draw', {}, key);
    expect(first.body.success).toBe(true);
    const retry = await post(client, '/api/poker/draw', {}, key);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const draws = await inDb(app.db)
      .value`SELECT COUNT(*) FROM poker_draws WHERE user_id = ${await userIdOf(info.uid)}`;
    expect(Number(draws)).toBe(1);
    expect((await post(client, '/api/poker/draw', {}, freshKey())).body.code).toBe(Code.POKER_NO_CHANCE);
  });
});

describe('the keeping rules (the service)', () => {
  it('a 5xx or a RATE_LIMITED answer releases the key, so the retry runs; other answers are kept', async () => {
    const { info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    const service = app.idempotency;
    const endpoint = 'POST /api/withdraw/create';
    const failure = (code: number) => JSON.stringify({ success: false, code, msg: '', data: null });

    const key = freshKey();
    expect(await service.start(userId, key, endpoint, 'h1')).toEqual({ kind: 'run' });
    await service.finish(userId, key, 503, failure(Code.SERVICE_UNAVAILABLE));
    expect(await service.start(userId, key, endpoint, 'h1')).toEqual({ kind: 'run' });
    await service.finish(userId, key, 200, failure(Code.RATE_LIMITED));
    expect(await service.start(userId, key, endpoint, 'h1')).toEqual({ kind: 'run' });
    await service.finish(userId, key, 500, failure(Code.INTERNAL));
    expect(await service.start(userId, key, endpoint, 'h1')).toEqual({ kind: 'run' });
    await expect(service.start(userId, key, endpoint, 'h1')).rejects.toThrow(
      expect.objectContaining({ code: Code.IDEMPOTENCY_IN_PROGRESS }),
    );
    await service.finish(userId, key, 200, failure(Code.WITHDRAW_LIMIT));
    expect(await service.start(userId, key, endpoint, 'h1')).toEqual({
      kind: 'replay',
      status: 200,
      response: failure(Code.WITHDRAW_LIMIT),
    });
  });

  it('a key is kept 24 hours: after that the same key is a new request', async () => {
    const { info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    // A clock of its own, so the app's day does not move.
    let nowMs = app.clock.nowMs();
    const service = createIdempotencyService({ db: app.db, clock: { nowMs: () => nowMs } as Clock });
    const key = freshKey();
    const endpoint = 'POST /api/recharge/build';
    await service.start(userId, key, endpoint, 'h1');
    await service.finish(userId, key, 200, '{"success":true}');
    nowMs += IDEMPOTENCY_KEEP_MS - 1_000;
    expect((await service.start(userId, key, endpoint, 'h1')).kind).toBe('replay');
    nowMs += 2_000;
    // Past its time, even another body may use it.
    expect(await service.start(userId, key, endpoint, 'h2')).toEqual({ kind: 'run' });
    // And the purge (at most every 10 minutes, as keys are reserved) deletes what is past its time.
    const old = freshKey();
    await service.finish(userId, key, 200, '{"success":true}');
    await service.start(userId, old, endpoint, 'h1');
    nowMs += IDEMPOTENCY_KEEP_MS + IDEMPOTENCY_PURGE_EVERY_MS;
    await service.start(userId, freshKey(), endpoint, 'h1');
    expect(await storedKeys(info.uid)).toBe(1);
  });

  it('hashes bodies as canonical JSON: keys sorted at every depth, undefined fields left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: 'é' }, u: undefined })).toBe(
      '{"a":{"c":"é","d":[2,{"x":0,"y":1}]},"b":1}',
    );
  });
});
