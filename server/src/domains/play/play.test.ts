import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../shared/codes';
import { signFields } from '../../lib/signature';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { assertLedgerWhole } from '../ledger/whole';

let app: FastifyInstance;
let player: TestClient;
let userId: number;

/** The house titles of the three first families. */
const TITLE: Record<string, string> = {
  slot: 'house-fiesta-reels',
  baccarat: 'house-manila-baccarat',
  crash: 'house-skyrocket-crash',
};
const gameId = async (family: string) =>
  (await inDb(app.db).value<number>`SELECT id FROM games WHERE provider_game = ${TITLE[family]}`) as number;

/** Funds the player with an operator-style adjustment straight through the ledger. */
async function fund(pesos: number) {
  await app.db.transaction(() =>
    app.services.ledger.post(userId, { type: 'adjust', amount: pesos * 100, reference: 'test', remark: 'test funds' }),
  )();
}

const balance = async () =>
  (await player.get<{ userAccountVO: { balance: number } }>('/api/balance')).body.data.userAccountVO.balance;

/** Calls the casino's wallet as the provider does: a signed POST. */
async function wallet<T = { balance: number }>(name: string, fields: Record<string, string>, secret?: string) {
  const payload = { ...fields, signature: signFields(fields, secret ?? app.config.providerSecret) };
  const response = await app.inject({ method: 'POST', url: `/api/provider/wallet/${name}`, payload });
  return response.json() as { success: boolean; code: number; msg: string; data: T };
}

/** Launches a game and exchanges the launch token for a wallet session, as the provider's page load does. */
async function session(key = 'slot') {
  const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId(key) });
  const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
  const auth = await wallet<{ sessionToken: string }>('authenticate', { launchToken: token });
  return auth.data.sessionToken;
}

beforeEach(async () => {
  app = await testApp();
  const registered = await registerPlayer(app);
  player = registered.client;
  userId = (await app.services.users.byUid(registered.info.uid))?.id ?? 0;
});
afterEach(() => app.close());

describe('launching a game', () => {
  it('answers a play URL with a one-time token for a playable game', async () => {
    const launched = await player.post<{ playUrl: string; openMode: string; needBindWallet: boolean }>(
      '/api/game/getUrl',
      {
        gameId: await gameId('slot'),
      },
    );
    expect(launched.body.data).toMatchObject({ openMode: 'iframe', needBindWallet: false });
    const url = new URL(launched.body.data.playUrl);
    expect(url.pathname).toBe('/provider/play/house-fiesta-reels');
    const page = await app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-game="slot"');
    // The token is single use.
    const again = await app.inject({ url: url.pathname + url.search });
    expect(again.statusCode).toBe(410);
  });

  it('refuses unknown and unplayable games, and asks for a wallet when the game wants one', async () => {
    expect((await player.post('/api/game/getUrl', { gameId: 999999 })).body.code).toBe(Code.GAME_NOT_FOUND);
    await inDb(app.db).run`UPDATE games SET playable = 0 WHERE id = ${await gameId('baccarat')}`;
    const unplayable = await gameId('baccarat');
    expect((await player.post('/api/game/getUrl', { gameId: unplayable })).body.code).toBe(Code.GAME_NOT_PLAYABLE);
    await inDb(app.db).run`UPDATE games SET need_bind_wallet = 1 WHERE id = ${await gameId('crash')}`;
    const asked = await player.post<{ playUrl: string; needBindWallet: boolean }>('/api/game/getUrl', {
      gameId: await gameId('crash'),
    });
    expect(asked.body.data).toMatchObject({ playUrl: '', needBindWallet: true });
  });

  it('an expired launch token opens nothing', async () => {
    const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId('baccarat') });
    app.clock.advance(3 * 60_000);
    const url = new URL(launched.body.data.playUrl);
    const page = await app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
  });
});

describe('playing through the provider', () => {
  it.each([
    ['slot', { stake: 1000 }],
    ['baccarat', { bets: { banker: 1000 } }],
  ])('a %s round bets and settles through the ledger and shows in the records', async (key, params) => {
    await fund(100);
    const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId(key) });
    const url = new URL(launched.body.data.playUrl);
    const page = await app.inject({ url: url.pathname + url.search });
    const sessionId = /data-session="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const played = (
      await app.inject({ method: 'POST', url: `/provider/api/${sessionId}/play`, payload: params })
    ).json();
    expect(played).toMatchObject({ ok: true, stake: 1000 });
    const expected = 100 - 10 + played.win / 100;
    expect(played.balance).toBe(expected);
    expect(await balance()).toBe(expected);
    const records = await player.get<{ list: { bet: number; win: number; result: string }[]; totalBet: number }>(
      '/api/game/record/all',
    );
    expect(records.body.data.list[0]).toMatchObject({ bet: 10, win: played.win / 100, result: played.result });
    expect(records.body.data.totalBet).toBe(10);
    const turnover = (await app.services.ledger.account(userId)).turnover_done;
    expect(turnover).toBe(1000);
  });

  it('a crash bet rides the shared round and settles through the ledger at the crash', async () => {
    await fund(100);
    const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId('crash') });
    const url = new URL(launched.body.data.playUrl);
    const page = await app.inject({ url: url.pathname + url.search });
    const sessionId = /data-session="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const call = async (path: string, payload = {}) =>
      (await app.inject({ method: 'POST', url: `/provider/api/${sessionId}/${path}`, payload })).json();
    expect(await call('play', { stake: 1000, target: 1.5 })).toMatchObject({
      ok: true,
      stake: 1000,
      win: 0,
      balance: 90,
    });
    expect(await balance()).toBe(90);
    // Past the longest flight (1000x): the round crashed, and reading it settles the bet.
    app.clock.advance(120_000);
    const seen = await call('crash');
    expect(seen.history[0].point).toBeGreaterThanOrEqual(100);
    const records = await player.get<{ list: { bet: number; win: number; result: string }[] }>('/api/game/record/all');
    const [record] = records.body.data.list;
    expect(record).toMatchObject({ bet: 10, win: seen.history[0].point >= 150 ? 15 : 0 });
    expect(record?.result).toMatch(/^(Cashed out at 1\.50x|Crashed at \d+\.\d\dx before 1\.50x)/);
    expect(await balance()).toBe(90 + (record?.win ?? 0));
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(1000);
  });

  it('refuses a bet larger than the balance and moves nothing', async () => {
    await fund(5);
    const token = await session('slot');
    const bet = await wallet('bet', { sessionToken: token, transactionId: 't1', roundId: 'r1', amount: '10.00' });
    expect(bet).toMatchObject({ success: false, code: Code.INSUFFICIENT_BALANCE, data: { balance: 5 } });
    expect(await balance()).toBe(5);
  });
});

describe('the seamless wallet (conformance)', () => {
  it('refuses a wrong signature', async () => {
    const token = await session();
    const answer = await wallet('balance', { sessionToken: token }, 'not-the-secret-0000');
    expect(answer.code).toBe(Code.SIGNATURE_INVALID);
  });

  it('answers a replayed bet with the first answer and debits once; a reused id with other details conflicts', async () => {
    await fund(100);
    const token = await session();
    const bet = { sessionToken: token, transactionId: 'tx-1', roundId: 'round-1', amount: '10.00' };
    const first = await wallet('bet', bet);
    const replays = await Promise.all([wallet('bet', bet), wallet('bet', bet), wallet('bet', bet)]);
    for (const replay of replays) expect(replay).toEqual(first);
    expect(await balance()).toBe(90);
    const conflict = await wallet('bet', { ...bet, amount: '20.00' });
    expect(conflict.code).toBe(Code.TRANSACTION_CONFLICT);
    // The id again on a round of its own: the bet would pass, but its record is refused, so it is rolled back.
    const elsewhere = await wallet('bet', { ...bet, roundId: 'round-2' });
    expect(elsewhere.code).toBe(Code.TRANSACTION_CONFLICT);
    const winAsBet = await wallet('win', { transactionId: 'tx-1', roundId: 'round-1', amount: '5.00', result: 'Won' });
    expect(winAsBet.code).toBe(Code.TRANSACTION_CONFLICT);
    expect(await balance()).toBe(90);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE round_id = 'round-2'`).toBe(0);
    expect(await inDb(app.db).value`SELECT status FROM game_rounds WHERE round_id = 'round-1'`).toBe('open');
    await assertLedgerWhole(app.db);
  });

  it('pushes the balance each wallet move committed, without reading it again; a replay pushes nothing', async () => {
    await fund(100);
    const token = await session();
    const pushed: unknown[] = [];
    app.socket.onPush((to, frame) => {
      if (to === userId && frame.event === 'balance.changed') pushed.push(frame.content);
    });
    const reads = vi.spyOn(app.services.ledger, 'balance');
    const bet = { sessionToken: token, transactionId: 'tx-p1', roundId: 'round-p1', amount: '10.00' };
    expect((await wallet('bet', bet)).data.balance).toBe(90);
    await wallet('bet', bet);
    await wallet('win', { transactionId: 'tx-p2', roundId: 'round-p1', amount: '25.50', result: 'Won' });
    expect(pushed).toEqual([{ balance: 90 }, { balance: 115.5 }]);
    expect(reads).not.toHaveBeenCalled();
  });

  it('takes one of the same transaction id raced on several rounds at once: one round, one debit', async () => {
    await fund(100);
    const token = await session();
    const answers = await Promise.all(
      ['r1', 'r2', 'r3', 'r4'].map((roundId) =>
        wallet('bet', { sessionToken: token, transactionId: 'same', roundId, amount: '10.00' }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.TRANSACTION_CONFLICT)).toHaveLength(3);
    expect(await balance()).toBe(90);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds`).toBe(1);
    await assertLedgerWhole(app.db);
  });

  it('settles a win once, accepts it after the session expired, and refuses a second win for the round', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    app.clock.advance(31 * 60_000);
    const late = await wallet('bet', { sessionToken: token, transactionId: 'b2', roundId: 'r2', amount: '10.00' });
    expect(late.code).toBe(Code.GAME_TOKEN_EXPIRED);
    const win = { transactionId: 'w1', roundId: 'r1', amount: '25.50', result: 'Won' };
    const first = await wallet('win', win);
    expect(first).toMatchObject({ success: true, data: { balance: 115.5 } });
    expect(await wallet('win', win)).toEqual(first);
    const second = await wallet('win', { ...win, transactionId: 'w2' });
    expect(second.code).toBe(Code.ROUND_SETTLED);
    expect(await balance()).toBe(115.5);
  });

  it('rolls back an open round once, refuses unknown transactions and settled rounds', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '40.00' });
    const rollback = { transactionId: 'rb1', betTransactionId: 'b1' };
    expect(await wallet('rollback', rollback)).toMatchObject({ success: true, data: { balance: 100 } });
    expect(await wallet('rollback', rollback)).toMatchObject({ success: true, data: { balance: 100 } });
    expect((await wallet('rollback', { transactionId: 'rb2', betTransactionId: 'nope' })).code).toBe(
      Code.TRANSACTION_UNKNOWN,
    );
    // The bet it named arrives after it (a slow request): refused in its round's insert, nothing taken, no round.
    expect(
      (await wallet('bet', { sessionToken: token, transactionId: 'nope', roundId: 'r-late', amount: '5.00' })).code,
    ).toBe(Code.ROUND_SETTLED);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE round_id = 'r-late'`).toBe(0);
    expect((await wallet('win', { transactionId: 'w1', roundId: 'r1', amount: '1.00', result: 'x' })).code).toBe(
      Code.ROUND_SETTLED,
    );
    await wallet('bet', { sessionToken: token, transactionId: 'b3', roundId: 'r3', amount: '10.00' });
    await wallet('win', { transactionId: 'w3', roundId: 'r3', amount: '0.00', result: 'Lost' });
    expect((await wallet('rollback', { transactionId: 'rb3', betTransactionId: 'b3' })).code).toBe(Code.ROUND_SETTLED);
    expect(await balance()).toBe(90);
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(1000);
  });

  it('a bet and its rollback racing: whichever lands first, the player is never charged', async () => {
    await fund(100);
    const token = await session();
    for (const id of ['x1', 'x2', 'x3', 'x4']) {
      await Promise.all([
        wallet('bet', { sessionToken: token, transactionId: id, roundId: `r-${id}`, amount: '10.00' }),
        wallet('rollback', { transactionId: `rb-${id}`, betTransactionId: id }),
      ]);
      // The rollback came first (the bet is void, then refused) or second (the bet refunded): a second one
      // finds nothing more to give back either way.
      const again = await wallet('rollback', { transactionId: `rb2-${id}`, betTransactionId: id });
      expect([Code.TRANSACTION_UNKNOWN, Code.ROUND_SETTLED]).toContain(again.code);
    }
    expect(await balance()).toBe(100);
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(0);
    await assertLedgerWhole(app.db);
  });

  it('a bet replayed after its rollback: the first answer, no second charge, also on a fresh round or at once', async () => {
    await fund(100);
    const token = await session();
    const bet = { sessionToken: token, transactionId: 'rp1', roundId: 'r-rp1', amount: '10.00' };
    const first = await wallet('bet', bet);
    expect(first).toMatchObject({ success: true, data: { balance: 90 } });
    expect(await wallet('rollback', { transactionId: 'rb-rp1', betTransactionId: 'rp1' })).toMatchObject({
      success: true,
      data: { balance: 100 },
    });
    // The provider retries the bet whose answer it lost, three times at once: the first answer, nothing taken.
    const replays = await Promise.all([wallet('bet', bet), wallet('bet', bet), wallet('bet', bet)]);
    for (const replay of replays) expect(replay).toEqual(first);
    // The same id on a new round (a fresh round id, so the round's insert passes): its record is refused.
    const elsewhere = await wallet('bet', { ...bet, roundId: 'r-rp1-again' });
    expect(elsewhere.code).toBe(Code.TRANSACTION_CONFLICT);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE round_id = 'r-rp1-again'`).toBe(0);
    expect(await balance()).toBe(100);
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(0);
    await assertLedgerWhole(app.db);
  });

  it('a bet voided before it arrived, then sent several times at once and on several rounds: all refused', async () => {
    await fund(100);
    const token = await session();
    expect((await wallet('rollback', { transactionId: 'rb-v', betTransactionId: 'v1' })).code).toBe(
      Code.TRANSACTION_UNKNOWN,
    );
    const answers = await Promise.all(
      ['r-v1', 'r-v1', 'r-v2', 'r-v3'].map((roundId) =>
        wallet('bet', { sessionToken: token, transactionId: 'v1', roundId, amount: '10.00' }),
      ),
    );
    for (const a of answers) expect(a.code).toBe(Code.ROUND_SETTLED);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds`).toBe(0);
    // The rollback replayed finds the bet still void: nothing to give back, nothing was taken.
    expect((await wallet('rollback', { transactionId: 'rb-v', betTransactionId: 'v1' })).code).toBe(
      Code.TRANSACTION_UNKNOWN,
    );
    // Another bet id on one of those rounds is a bet like any other.
    expect(
      await wallet('bet', { sessionToken: token, transactionId: 'v2', roundId: 'r-v1', amount: '10.00' }),
    ).toMatchObject({ success: true, data: { balance: 90 } });
    expect(await balance()).toBe(90);
    await assertLedgerWhole(app.db);
  });

  it('the same bet twice at once, racing two rollbacks of it: never charged, refunded at most once', async () => {
    await fund(100);
    const token = await session();
    for (const id of ['y1', 'y2', 'y3']) {
      const bet = { sessionToken: token, transactionId: id, roundId: `r-${id}`, amount: '10.00' };
      await Promise.all([
        wallet('bet', bet),
        wallet('rollback', { transactionId: `rb-${id}`, betTransactionId: id }),
        wallet('bet', bet),
        wallet('rollback', { transactionId: `rb-${id}-b`, betTransactionId: id }),
      ]);
    }
    expect(await balance()).toBe(100);
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(0);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE status = 'open'`).toBe(0);
    await assertLedgerWhole(app.db);
  });

  it('bets of other transaction ids racing for one round id: one opens it and is charged, the others nothing', async () => {
    await fund(100);
    const token = await session();
    const answers = await Promise.all(
      ['s1', 's2', 's3', 's4'].map((id) =>
        wallet('bet', { sessionToken: token, transactionId: id, roundId: 'r-same', amount: '10.00' }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.ROUND_SETTLED)).toHaveLength(3);
    expect(await balance()).toBe(90);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM wallet_transactions`).toBe(1);
    await assertLedgerWhole(app.db);
  });

  it('lets only one of two bets racing for the last peso through', async () => {
    await fund(10);
    const token = await session();
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) =>
        wallet('bet', { sessionToken: token, transactionId: id, roundId: `r-${id}`, amount: '10.00' }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.INSUFFICIENT_BALANCE)).toHaveLength(3);
    expect(await balance()).toBe(0);
    await assertLedgerWhole(app.db);
  });

  it('the provider finishes a round a crash left half done', async () => {
    await fund(100);
    const token = await session();
    // A round the provider booked and bet, but whose win never reached the wallet.
    const now = app.clock.iso();
    await inDb(app.db)
      .run`INSERT INTO provider_rounds (round_id, game, session_token, bet_transaction_id, win_transaction_id,
      bet, win, outcome, result, state, created_at, updated_at)
      VALUES ('cr1', 'slot', ${token}, 'cr1-bet', 'cr1-win', 1000, 3000, '{}', 'Won', 'bet_placed', ${now}, ${now})`;
    await wallet('bet', { sessionToken: token, transactionId: 'cr1-bet', roundId: 'cr1', amount: '10.00' });
    // And one booked whose bet never reached the wallet.
    await inDb(app.db)
      .run`INSERT INTO provider_rounds (round_id, game, session_token, bet_transaction_id, win_transaction_id,
      bet, win, outcome, result, state, created_at, updated_at)
      VALUES ('cr2', 'slot', ${token}, 'cr2-bet', 'cr2-win', 1000, 0, '{}', 'Lost', 'betting', ${now}, ${now})`;
    expect(await app.provider.recover(0)).toBe(2);
    expect(await balance()).toBe(120);
    const states = await inDb(app.db).all`SELECT round_id, state FROM provider_rounds ORDER BY round_id`;
    expect(states).toEqual([
      { round_id: 'cr1', state: 'settled' },
      { round_id: 'cr2', state: 'void' },
    ]);
  });
});

describe('a raise: a second stake on an open round (double, split, insurance)', () => {
  const turnover = async () => (await app.services.ledger.account(userId)).turnover_done;
  const roundBet = async (roundId: string) =>
    await inDb(app.db).value<number>`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`;

  it('grows the round, counts its turnover, answers a replay with the first answer and charges once', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    const raise = { sessionToken: token, transactionId: 'r1-raise-1', roundId: 'r1', amount: '10.00' };
    const first = await wallet('raise', raise);
    expect(first).toMatchObject({ success: true, data: { balance: 80 } });
    const replays = await Promise.all([wallet('raise', raise), wallet('raise', raise), wallet('raise', raise)]);
    for (const replay of replays) expect(replay).toEqual(first);
    expect((await wallet('raise', { ...raise, amount: '20.00' })).code).toBe(Code.TRANSACTION_CONFLICT);
    expect(await balance()).toBe(80);
    expect(await roundBet('r1')).toBe(2000);
    expect(await turnover()).toBe(2000);
    // Settled on the whole stake: the records show the round's total.
    await wallet('win', { transactionId: 'w1', roundId: 'r1', amount: '40.00', result: 'Double: win' });
    expect(await balance()).toBe(120);
    const records = await player.get<{ list: { bet: number; win: number }[] }>('/api/game/record/all');
    expect(records.body.data.list[0]).toMatchObject({ bet: 20, win: 40 });
    // The journal names the round on the raise's row too.
    const journal = await player.get<{ list: { type: string; detail: string }[] }>('/api/user/balanceJournal/fetch');
    const bets = journal.body.data.list.filter((row) => row.type === 'bet');
    expect(bets).toHaveLength(2);
    expect(bets[0]?.detail).toBe(bets[1]?.detail);
    expect(bets[0]?.detail).toMatch(/#R1$/);
    await assertLedgerWhole(app.db);
  });

  it('refuses a settled, refunded, unknown round, another player’s round and another launch’s round', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    await wallet('win', { transactionId: 'w1', roundId: 'r1', amount: '0.00', result: 'Lost' });
    const onSettled = await wallet('raise', {
      sessionToken: token,
      transactionId: 'x1',
      roundId: 'r1',
      amount: '10.00',
    });
    expect(onSettled.code).toBe(Code.ROUND_SETTLED);
    await wallet('bet', { sessionToken: token, transactionId: 'b2', roundId: 'r2', amount: '10.00' });
    await wallet('rollback', { transactionId: 'rb2', betTransactionId: 'b2' });
    const onRefunded = await wallet('raise', {
      sessionToken: token,
      transactionId: 'x2',
      roundId: 'r2',
      amount: '5.00',
    });
    expect(onRefunded.code).toBe(Code.ROUND_SETTLED);
    const unknown = await wallet('raise', {
      sessionToken: token,
      transactionId: 'x3',
      roundId: 'nope',
      amount: '5.00',
    });
    expect(unknown.code).toBe(Code.TRANSACTION_UNKNOWN);
    // Another launch of the same player (a second tab) cannot raise this launch's round.
    await wallet('bet', { sessionToken: token, transactionId: 'b4', roundId: 'r4', amount: '10.00' });
    const otherTab = await session();
    const fromOtherTab = await wallet('raise', {
      sessionToken: otherTab,
      transactionId: 'x4',
      roundId: 'r4',
      amount: '5.00',
    });
    expect(fromOtherTab.code).toBe(Code.TRANSACTION_UNKNOWN);
    // Nor another player.
    const other = await registerPlayer(app);
    const otherId = (await app.services.users.byUid(other.info.uid))?.id ?? 0;
    await app.db.transaction(() =>
      app.services.ledger.post(otherId, { type: 'adjust', amount: 10_000, reference: 'test', remark: 'test funds' }),
    )();
    const launched = await other.client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId('slot') });
    const otherToken = (
      await wallet<{ sessionToken: string }>('authenticate', {
        launchToken: new URL(launched.body.data.playUrl).searchParams.get('token') ?? '',
      })
    ).data.sessionToken;
    const stolen = await wallet('raise', {
      sessionToken: otherToken,
      transactionId: 'x5',
      roundId: 'r4',
      amount: '5.00',
    });
    expect(stolen.code).toBe(Code.TRANSACTION_UNKNOWN);
    expect(
      (await wallet('raise', { sessionToken: token, transactionId: 'x6', roundId: 'r4', amount: '0.00' })).code,
    ).toBe(Code.BET_INVALID);
    expect(await balance()).toBe(80);
    expect(await roundBet('r4')).toBe(1000);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM round_raises`).toBe(0);
    await assertLedgerWhole(app.db);
  });

  it('refuses a raise larger than the balance with the balance, and the round settles on what was taken', async () => {
    await fund(15);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    const refused = await wallet('raise', { sessionToken: token, transactionId: 'x1', roundId: 'r1', amount: '10.00' });
    expect(refused).toMatchObject({ success: false, code: Code.INSUFFICIENT_BALANCE, data: { balance: 5 } });
    expect(await roundBet('r1')).toBe(1000);
    await wallet('win', { transactionId: 'w1', roundId: 'r1', amount: '20.00', result: 'Won' });
    expect(await balance()).toBe(25);
    expect(await turnover()).toBe(1000);
    await assertLedgerWhole(app.db);
  });

  it('lets only one of two raises racing for the last pesos through', async () => {
    await fund(20);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    const answers = await Promise.all(
      ['x', 'y', 'z'].map((id) =>
        wallet('raise', { sessionToken: token, transactionId: id, roundId: 'r1', amount: '10.00' }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.INSUFFICIENT_BALANCE)).toHaveLength(2);
    expect(await balance()).toBe(0);
    expect(await roundBet('r1')).toBe(2000);
    await assertLedgerWhole(app.db);
  });

  it('a rollback of a raise refunds it alone; a rollback of the round refunds everything it took', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    await wallet('raise', {
      sessionToken: token,
      transactionId: 'x1',
      roundId: 'r1',
      amount: '10.00',
      turnover: '4.00',
    });
    await wallet('raise', { sessionToken: token, transactionId: 'x2', roundId: 'r1', amount: '5.00' });
    expect(await balance()).toBe(75);
    expect(await turnover()).toBe(1900);
    const one = await wallet('rollback', { transactionId: 'rbx1', betTransactionId: 'x1' });
    expect(one).toMatchObject({ success: true, data: { balance: 85 } });
    expect(await wallet('rollback', { transactionId: 'rbx1', betTransactionId: 'x1' })).toEqual(one);
    expect((await wallet('rollback', { transactionId: 'rbx1b', betTransactionId: 'x1' })).code).toBe(
      Code.ROUND_SETTLED,
    );
    expect(await roundBet('r1')).toBe(1500);
    expect(await turnover()).toBe(1500);
    expect(await inDb(app.db).value`SELECT status FROM game_rounds WHERE round_id = 'r1'`).toBe('open');
    const all = await wallet('rollback', { transactionId: 'rb1', betTransactionId: 'b1' });
    expect(all).toMatchObject({ success: true, data: { balance: 100 } });
    expect(await turnover()).toBe(0);
    expect((await wallet('rollback', { transactionId: 'rbx2', betTransactionId: 'x2' })).code).toBe(Code.ROUND_SETTLED);
    expect(
      (await wallet('raise', { sessionToken: token, transactionId: 'x3', roundId: 'r1', amount: '5.00' })).code,
    ).toBe(Code.ROUND_SETTLED);
    expect(await balance()).toBe(100);
    // A settled round's raise is not refunded.
    await wallet('bet', { sessionToken: token, transactionId: 'b2', roundId: 'r2', amount: '10.00' });
    await wallet('raise', { sessionToken: token, transactionId: 'y1', roundId: 'r2', amount: '10.00' });
    await wallet('win', { transactionId: 'w2', roundId: 'r2', amount: '0.00', result: 'Lost' });
    expect((await wallet('rollback', { transactionId: 'rby1', betTransactionId: 'y1' })).code).toBe(Code.ROUND_SETTLED);
    expect(await balance()).toBe(80);
    await assertLedgerWhole(app.db);
  });

  it('a rollback of a round whose raise took a bonus’ wagering takes that wagering back', async () => {
    await app.db.transaction(() =>
      app.services.ledger.post(userId, {
        type: 'reward',
        amount: 5_000,
        reference: 'bonus-1',
        wagering: { source: 'test', bonus: 5_000, required: 50_000 },
      }),
    )();
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '20.00' });
    await wallet('raise', { sessionToken: token, transactionId: 'x1', roundId: 'r1', amount: '20.00' });
    const done = async () =>
      await inDb(app.db).value<number>`SELECT done FROM wagering_requirements WHERE reference = 'bonus-1'`;
    expect(await done()).toBe(4000);
    await wallet('rollback', { transactionId: 'rb1', betTransactionId: 'b1' });
    expect(await done()).toBe(0);
    expect(await balance()).toBe(50);
    await assertLedgerWhole(app.db);
  });

  it('a break from play refuses raises as it refuses bets; the open round still settles', async () => {
    await fund(100);
    const token = await session();
    await wallet('bet', { sessionToken: token, transactionId: 'b1', roundId: 'r1', amount: '10.00' });
    expect((await player.post('/api/responsible/break', { kind: 'cooloff', length: '24h' })).body.success).toBe(true);
    const raised = await wallet('raise', { sessionToken: token, transactionId: 'x1', roundId: 'r1', amount: '10.00' });
    expect(raised.code).toBe(Code.PLAY_PAUSED);
    expect((await wallet('win', { transactionId: 'w1', roundId: 'r1', amount: '20.00', result: 'Won' })).success).toBe(
      true,
    );
    expect(await balance()).toBe(110);
  });
});

describe('a game session ends with the casino session that launched it', () => {
  let late = 0;
  /** A game session of the funded player that works: one bet of 10.00 goes through (balance 90). */
  async function playing() {
    await fund(100);
    const token = await session();
    const first = await wallet('bet', {
      sessionToken: token,
      transactionId: 'ok-1',
      roundId: 'ok-r1',
      amount: '10.00',
    });
    expect(first).toMatchObject({ success: true, data: { balance: 90 } });
    return token;
  }

  /** The old game session's balance and bet calls are refused ("Session ended") and move no money. */
  async function refused(token: string) {
    const balanceBefore = (await app.services.ledger.account(userId)).balance;
    const journalBefore = await inDb(app.db)
      .value<number>`SELECT COUNT(*) FROM balance_journal WHERE user_id = ${userId}`;
    late += 1;
    const bet = await wallet('bet', {
      sessionToken: token,
      transactionId: `late-${late}`,
      roundId: `late-r${late}`,
      amount: '10.00',
    });
    expect(bet).toMatchObject({ success: false, code: Code.GAME_TOKEN_EXPIRED });
    expect(bet.msg).toMatch(/open the game again/);
    const asked = await wallet('balance', { sessionToken: token });
    expect(asked).toMatchObject({ success: false, code: Code.GAME_TOKEN_EXPIRED });
    expect((await app.services.ledger.account(userId)).balance).toBe(balanceBefore);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM balance_journal WHERE user_id = ${userId}`).toBe(
      journalBefore,
    );
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM game_rounds WHERE round_id = ${`late-r${late}`}`).toBe(0);
    await assertLedgerWhole(app.db);
  }

  const uid = async () => (await app.services.users.byId(userId))?.uid ?? 0;
  const liveSessionId = async () =>
    (await inDb(app.db)
      .value<number>`SELECT id FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY id DESC`) as number;

  it('after logout', async () => {
    const token = await playing();
    expect((await player.post('/api/user/logout')).body.success).toBe(true);
    await refused(token);
  });

  it('after a change of the login password (the session rotates); the new session plays', async () => {
    const token = await playing();
    const changed = await player.post('/api/user/modifyPasswordLogin', {
      oldPassword: hashed('secret123'),
      newPassword: hashed('newsecret456'),
    });
    expect(changed.body.success).toBe(true);
    await refused(token);
    // The same device, on the session the change started, opens the game again and plays.
    const fresh = await session();
    const bet = await wallet('bet', { sessionToken: fresh, transactionId: 'new-1', roundId: 'new-r1', amount: '5.00' });
    expect(bet).toMatchObject({ success: true, data: { balance: 85 } });
  });

  it('after a login elsewhere (one session per account)', async () => {
    const token = await playing();
    const username = (await app.services.users.byId(userId))?.username ?? '';
    const elsewhere = new TestClient(app);
    const login = await elsewhere.post('/api/user/login', { username, password: hashed('secret123') });
    expect(login.body.success).toBe(true);
    await refused(token);
  });

  it("after the operator's suspension", async () => {
    const token = await playing();
    const suspended = await opsClient(app).post(`/ops/users/${await uid()}/status`, {
      status: 'suspended',
      reason: 'test',
    });
    expect(suspended.body.success).toBe(true);
    await refused(token);
  });

  it("after the operator's revoke of that session, and of all sessions", async () => {
    const token = await playing();
    const revoked = await opsClient(app).post(`/ops/users/${await uid()}/sessions/${await liveSessionId()}/revoke`, {});
    expect(revoked.body.success).toBe(true);
    await refused(token);

    const again = new TestClient(app);
    const username = (await app.services.users.byId(userId))?.username ?? '';
    await again.post('/api/user/login', { username, password: hashed('secret123') });
    player = again;
    const second = await session();
    expect((await wallet('balance', { sessionToken: second })).success).toBe(true);
    expect((await opsClient(app).post(`/ops/users/${await uid()}/sessions/revoke`, {})).body.success).toBe(true);
    await refused(second);
  });

  it('a launch token minted before logout cannot be exchanged', async () => {
    const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: await gameId('slot') });
    const launchToken = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
    await player.post('/api/user/logout');
    const auth = await wallet('authenticate', { launchToken });
    expect(auth).toMatchObject({ success: false, code: Code.GAME_TOKEN_EXPIRED });
    expect(await inDb(app.db).column`SELECT session_token_hash FROM game_launches`).toEqual([null]);
  });

  // The database is the truth, for every process of a cluster: a change another process made (no session
  // cache here knows of it) ends the game session as well.
  it.each([
    [
      'revoked',
      (id: number) =>
        inDb(app.db)
          .run`UPDATE sessions SET revoked_at = '2026-11-20T01:00:00.000Z', revoke_reason = 'logout' WHERE user_id = ${id}`,
    ],
    [
      'past its expiry',
      (id: number) =>
        inDb(app.db).run`UPDATE sessions SET expires_at = '2026-11-20T01:59:59.000Z' WHERE user_id = ${id}`,
    ],
  ])('when the casino session is %s in the database', async (_what, change) => {
    const token = await playing();
    await change(userId);
    await refused(token);
  });

  it('when the player is suspended in the database', async () => {
    const token = await playing();
    await inDb(app.db).run`UPDATE users SET status = 'suspended' WHERE id = ${userId}`;
    await refused(token);
  });

  it('a launch made before migration 0046 (no casino session) is refused', async () => {
    const token = await playing();
    await inDb(app.db).run`UPDATE game_launches SET session_id = NULL WHERE user_id = ${userId}`;
    await refused(token);
  });
});
