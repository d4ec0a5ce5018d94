import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { type Config, testConfig } from '../../config';
import { openDatabase, type SyncDb } from '../../db/database';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { MemoryBroker, MemoryNetwork } from '../../plugins/broker';
import { hashed, opsClient, registerPlayer, restartableConfig, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { SESSION_KEEP_MS } from './sessions';
import { TEST_FAMILIES, TEST_TITLES } from './testing';

/**
 * The provider's page sessions outlive the process that opened them (issue 27 leftover): two apps on one
 * database and one broker network are two server processes behind a round-robin proxy (no sticky
 * sessions). How a player would beat it, or lose to it: a page opened on A whose next call lands on B; a
 * restart in the middle of a hand; a logout on one process while the other still holds the session in its
 * cache; a made-up session id, another player's round, a session of a title removed by a deploy.
 * Runs on SQLite (one file, two connections) and on PostgreSQL (vitest.stores.config.ts).
 */
let drop: () => Promise<void> = async () => {};
const apps: FastifyInstance[] = [];

afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  await drop();
  drop = async () => {};
});

/**
 * A cluster: processes started on one database and one broker network. On PostgreSQL each process has its
 * own pool on a database of the test's own; SQLite's file takes one connection (locking_mode EXCLUSIVE), so
 * there the processes share one connection, each app behind its own serializer, as processes would.
 */
async function cluster() {
  const network = new MemoryNetwork();
  let options: { config: Config } | { db: SyncDb };
  if (testConfig().databaseUrl) {
    const made = await restartableConfig('');
    drop = made.drop;
    options = { config: made.config };
  } else {
    const sync = openDatabase(':memory:');
    drop = async () => {
      sync.close();
    };
    options = { db: sync };
  }
  return {
    async start() {
      const app = await testApp({ ...options, broker: new MemoryBroker(network) });
      app.provider.studio.extend(TEST_FAMILIES, TEST_TITLES);
      apps.push(app);
      return app;
    },
    async stop(app: FastifyInstance) {
      apps.splice(apps.indexOf(app), 1);
      await app.close();
    },
  };
}

/** A registered player with `pesos` on their balance (registered through `app`). */
async function funded(app: FastifyInstance, pesos: number) {
  const { client, info } = await registerPlayer(app);
  const id = (await app.services.users.byUid(info.uid))?.id ?? 0;
  await app.db.transaction(() =>
    app.services.ledger.post(id, { type: 'adjust', amount: pesos * 100, reference: `t-${id}`, remark: 'funds' }),
  )();
  return { client, id, balance: async () => (await app.services.ledger.account(id)).balance };
}

/** Launches `key` as `client` through `app` and opens the game page there: the page session id. */
async function openOn(app: FastifyInstance, client: TestClient, key: string) {
  await inDb(app.db).run`UPDATE games SET provider_game = ${key} WHERE id = 1`;
  const launched = await client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
  const url = new URL(launched.body.data.playUrl);
  const page = await app.inject({ url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  const id = /data-session="([^"]+)"/.exec(page.body)?.[1];
  if (!id) throw new Error('no session id in the page');
  return id;
}

/** A page's API call, over HTTP, to the process `app`. */
async function call(app: FastifyInstance, sessionId: string, path: string, body: unknown = {}) {
  const answer = await app.inject({
    method: 'POST',
    url: `/provider/api/${sessionId}/${path}`,
    payload: body as object,
  });
  return answer.json() as { ok: boolean; code?: number; message?: string; [key: string]: unknown };
}

const rowsOf = (app: FastifyInstance, id: string) =>
  inDb(app.db).value`SELECT COUNT(*) FROM provider_sessions WHERE id = ${id}`;
const ENDED = 'Session ended. Close and open the game again.';

describe('a page session on any process', () => {
  it('opened through A, it plays, acts, reads seeds and balance through B; a restart keeps it', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const p = await funded(a, 100);
    const id = await openOn(a, p.client, 'test-roll');
    expect(await rowsOf(a, id)).toBe(1);

    expect(await call(b, id, 'balance')).toEqual({ ok: true, balance: 100 });
    expect(await call(b, id, 'seeds')).toMatchObject({ ok: true, nonce: 0 });
    const started = await call(b, id, 'play', { stake: 1000 });
    expect(started).toMatchObject({ ok: true, done: false, stake: 1000 });
    // The hand goes on through A, then through a process started after a restart of both.
    expect(await call(a, id, 'act', { roundId: started.roundId, action: { move: 'roll' } })).toMatchObject({
      ok: true,
    });
    await c.stop(a);
    await c.stop(b);
    const restarted = await c.start();
    // The start's recovery plays the hand left open out (as before); the page itself is still live.
    await expect
      .poll(async () => inDb(restarted.db).value`SELECT state FROM provider_rounds WHERE round_id = ${started.roundId}`)
      .toBe('settled');
    expect(await call(restarted, id, 'balance')).toMatchObject({ ok: true });
    const next = await call(restarted, id, 'play', { stake: 1000 });
    expect(next).toMatchObject({ ok: true, done: false });
    expect(await call(restarted, id, 'act', { roundId: next.roundId, action: { move: 'roll' } })).toMatchObject({
      ok: true,
    });
    // A one-shot title too, opened on the restarted process and played on a new one beside it.
    const other = await c.start();
    const client = new TestClient(restarted);
    client.cookie = p.client.cookie;
    const coin = await openOn(restarted, client, 'test-coin');
    expect(await call(other, coin, 'play', { stake: 500, side: 'heads' })).toMatchObject({ ok: true, done: true });
    await assertLedgerWhole(other.db);
  });

  it('a logout on A ends the page on both: the first wallet refusal deletes the row and every cached copy', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const p = await funded(a, 100);
    const id = await openOn(a, p.client, 'test-coin');
    // Both processes hold the session in their cache.
    expect(await call(a, id, 'play', { stake: 500, side: 'heads' })).toMatchObject({ ok: true });
    expect(await call(b, id, 'play', { stake: 500, side: 'tails' })).toMatchObject({ ok: true });
    const before = await p.balance();
    expect((await p.client.post('/api/user/logout', {})).body.success).toBe(true);

    // B still holds a copy: its bet reaches the casino, which refuses it (the session ended with the login).
    const refused = await call(b, id, 'play', { stake: 500, side: 'heads' });
    expect(refused).toMatchObject({ ok: false, code: Code.GAME_TOKEN_EXPIRED });
    expect(await rowsOf(a, id)).toBe(0);
    // A hears it over the broker and drops its copy: the page ends there without a wallet call.
    await expect.poll(async () => (await call(a, id, 'play', { stake: 500, side: 'heads' })).message).toBe(ENDED);
    for (const app of [a, b])
      expect(await call(app, id, 'balance')).toMatchObject({
        ok: false,
        code: Code.GAME_TOKEN_INVALID,
        message: ENDED,
      });
    // A process started later never sees it either.
    expect(await call(await c.start(), id, 'seeds')).toMatchObject({ ok: false, code: Code.GAME_TOKEN_INVALID });
    expect(await p.balance()).toBe(before);
    await assertLedgerWhole(a.db);
  });

  it('attack: a self-exclusion, a suspension or a login elsewhere through A while B holds the page: B takes no bet', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    for (const end of ['exclusion', 'suspension', 'login elsewhere'] as const) {
      const p = await funded(a, 100);
      const id = await openOn(a, p.client, 'test-coin');
      expect(await call(b, id, 'play', { stake: 500, side: 'heads' }), end).toMatchObject({ ok: true });
      const before = await p.balance();
      if (end === 'exclusion') {
        const taken = await p.client.post('/api/responsible/break', { kind: 'exclusion', length: '6m' });
        expect(taken.body.success, JSON.stringify(taken.body)).toBe(true);
      } else if (end === 'suspension') {
        const uid = (await a.services.users.byId(p.id))?.uid;
        const done = await opsClient(a).post(`/ops/users/${uid}/status`, { status: 'suspended', reason: 'review' });
        expect(done.body.success, JSON.stringify(done.body)).toBe(true);
      } else {
        const user = await a.services.users.byId(p.id);
        const other = new TestClient(a);
        const login = await other.post('/api/user/login', { username: user?.username, password: hashed('secret123') });
        expect(login.body.success, JSON.stringify(login.body)).toBe(true);
      }
      // B's cached copy sends the bet on; the casino refuses it, and the page ends on both.
      const refused = await call(b, id, 'play', { stake: 500, side: 'heads' });
      expect(refused.ok, `${end}: ${JSON.stringify(refused)}`).toBe(false);
      expect(await p.balance(), end).toBe(before);
      for (const app of [a, b])
        expect((await call(app, id, 'play', { stake: 500, side: 'tails' })).ok, end).toBe(false);
      expect(await p.balance(), end).toBe(before);
    }
    await assertLedgerWhole(a.db);
  });

  it('attack: a page opened after a snapshot, restored through A while B holds it: gone on both, no bet taken', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const p = await funded(a, 100);
    expect((await opsClient(a).post('/ops/snapshots/before-page', {})).body.success).toBe(true);
    const id = await openOn(a, p.client, 'test-coin');
    expect(await call(b, id, 'play', { stake: 500, side: 'heads' })).toMatchObject({ ok: true });
    const restored = await opsClient(a).post('/ops/snapshots/before-page/restore', { keepClock: true });
    expect(restored.body.success, JSON.stringify(restored.body)).toBe(true);
    expect(await rowsOf(a, id)).toBe(0);
    // B heard the restore over the broker: its copy is gone, the page ends without a wallet call.
    await expect.poll(async () => (await call(b, id, 'play', { stake: 500, side: 'heads' })).message).toBe(ENDED);
    expect(await call(a, id, 'play', { stake: 500, side: 'heads' })).toMatchObject({ ok: false, message: ENDED });
    expect(await p.balance()).toBe(10_000);
    await assertLedgerWhole(a.db);
  });

  it('attack: a made-up session id, or another player’s round through one’s own session, plays nothing', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const mine = await funded(a, 100);
    const theirs = await funded(a, 100);
    const my = await openOn(a, mine.client, 'test-roll');
    const their = await openOn(b, theirs.client, 'test-roll');
    const started = await call(a, their, 'play', { stake: 1000 });
    expect(started).toMatchObject({ ok: true, done: false });
    const made = randomBytes(24).toString('base64url');
    for (const app of [a, b]) {
      expect(await call(app, made, 'play', { stake: 1000 })).toMatchObject({
        ok: false,
        code: Code.GAME_TOKEN_INVALID,
      });
      expect(await call(app, made, 'act', { roundId: started.roundId, action: { move: 'stand' } })).toMatchObject({
        ok: false,
        code: Code.GAME_TOKEN_INVALID,
      });
      // My session on their round: no such round for me, whichever process answers.
      expect(await call(app, my, 'act', { roundId: started.roundId, action: { move: 'roll' } })).toMatchObject({
        ok: false,
        code: Code.TRANSACTION_UNKNOWN,
      });
    }
    expect(await inDb(a.db).value`SELECT COUNT(*) FROM provider_sessions WHERE id = ${made}`).toBe(0);
    expect(await mine.balance()).toBe(10_000);
    expect(await theirs.balance()).toBe(9_000);
  });

  it('attack: a session of a title a deploy removed answers "not available" and takes nothing', async () => {
    const c = await cluster();
    const a = await c.start();
    const p = await funded(a, 100);
    const id = await openOn(a, p.client, 'test-coin');
    // The deploy removes the title: the stored session names a key the studio no longer resolves.
    await inDb(a.db).run`UPDATE provider_sessions SET title = ${'vlv-blackjack-lounge'} WHERE id = ${id}`;
    const b = await c.start();
    for (const path of ['play', 'balance', 'seeds', 'table', 'pond', 'crash'])
      expect(await call(b, id, path, { stake: 500, side: 'heads' }), path).toMatchObject({
        ok: false,
        code: Code.GAME_NOT_PLAYABLE,
      });
    expect(await p.balance()).toBe(10_000);
  });

  it('attack: the sweep ends a page mid-round: the open round is still played out and settled once, no stake lost', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const p = await funded(a, 100);
    const id = await openOn(a, p.client, 'nfg-gem-mines');
    let roundId = '';
    for (let tries = 0; tries < 20 && !roundId; tries++) {
      const started = await call(b, id, 'play', { stake: 5000, mines: 1 });
      expect(started, JSON.stringify(started)).toMatchObject({ ok: true });
      const revealed = await call(b, id, 'act', {
        roundId: started.roundId,
        action: { type: 'reveal', tile: tries % 25 },
      });
      const open = await inDb(a.db).value<number>`
        SELECT COUNT(*) FROM provider_rounds WHERE round_id = ${String(started.roundId)} AND state = 'bet_placed' AND done = ${0}`;
      if (revealed.ok && Number(open) === 1) roundId = String(started.roundId);
    }
    expect(roundId).not.toBe('');
    const staked = await p.balance();
    a.clock.advance(SESSION_KEEP_MS + 60_000);
    expect(await a.provider.sessions.sweep()).toBe(1);
    await expect.poll(() => b.clock.nowMs()).toBe(a.clock.nowMs());
    expect(await call(b, id, 'act', { roundId, action: { type: 'cashout' } })).toMatchObject({
      ok: false,
      message: ENDED,
    });
    // The round is no part of the page session: recovery plays it out (its finishing action) and settles it.
    await b.provider.recover(0);
    await a.provider.recover(0);
    const state = await inDb(a.db).value<string>`SELECT state FROM provider_rounds WHERE round_id = ${roundId}`;
    expect(state).not.toBe('bet_placed');
    const settledRows = await inDb(a.db).value<number>`
      SELECT COUNT(*) FROM balance_journal WHERE reference LIKE ${`%${roundId}%`} AND amount > 0`;
    expect(Number(settledRows)).toBeLessThanOrEqual(1);
    // One safe tile revealed: cashed out for more than the stake, paid once.
    expect(await p.balance()).toBeGreaterThan(staked + 5000);
    await assertLedgerWhole(a.db);
  });

  it('the scheduled sweep deletes sessions older than a day, on every process', async () => {
    const c = await cluster();
    const a = await c.start();
    const b = await c.start();
    const p = await funded(a, 100);
    const old = await openOn(a, p.client, 'test-coin');
    expect(await call(b, old, 'balance')).toMatchObject({ ok: true });
    a.clock.advance(SESSION_KEEP_MS - 60_000);
    const fresh = await openOn(a, p.client, 'test-coin');
    a.clock.advance(120_000);
    expect(await a.provider.sessions.sweep()).toBe(1);
    expect(await rowsOf(a, old)).toBe(0);
    expect(await rowsOf(a, fresh)).toBe(1);
    // B's cached copy is older than the sweep's age: read again, gone.
    await expect.poll(() => b.clock.nowMs()).toBe(a.clock.nowMs());
    expect(await call(b, old, 'balance')).toMatchObject({ ok: false, code: Code.GAME_TOKEN_INVALID, message: ENDED });
    expect(await call(b, fresh, 'balance')).toMatchObject({ ok: true });
  });
});
