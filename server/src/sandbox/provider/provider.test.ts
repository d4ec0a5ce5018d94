import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { openRoundState, providerTestBed } from '../../test/provider-bed';
import type { ProviderEngine } from './engine';
import { allowedActions, type BlackjackState, handValue } from './games/blackjack';
import { hashSeed } from './games/fair';
import type { SteppedEngine } from './games/kinds';
import { walletClient } from './wallet-client';

const { bed, fund, open } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
let provider: ProviderEngine;
beforeEach(() => {
  ({ app, player, userId, provider } = bed);
});

const balance = async () => (await app.services.ledger.account(userId)).balance;

const records = async () =>
  (await player.get<{ list: { roundId: string; bet: number; win: number; result: string }[] }>('/api/game/record/all'))
    .body.data.list;
const verify = (query: Record<string, string | number>) =>
  player.get<{ win: number; result: string; done: boolean; recorded: { matches: boolean } | null }>(
    '/api/provider/verify',
    query,
  );

describe('provably fair rounds', () => {
  it('commits to the server seed before the bet, takes nonce + 1 per round, and verifies after rotation', async () => {
    await fund(100);
    const session = await open('test-coin');
    const before = await provider.seedsOf(session);
    if (!before.ok || 'table' in before) throw new Error('no seeds');
    expect(before).toMatchObject({ nonce: 0, previous: null });
    expect(before.serverSeedHash).toMatch(/^[a-f0-9]{64}$/);

    const first = await provider.play(session, { stake: 1000, side: 'heads' });
    const second = await provider.play(session, { stake: 1000, side: 'tails' });
    if (!first.ok || !second.ok) throw new Error('not played');
    expect(await provider.seedsOf(session)).toMatchObject({ nonce: 2, serverSeedHash: before.serverSeedHash });

    // Not verifiable while the seed is in use: the page would learn the seed of its next rounds.
    expect((await verify({ roundId: first.roundId })).body.code).toBe(Code.ROUND_NOT_VERIFIABLE);

    const rotated = await provider.rotateSeeds(session, 'my-lucky-seed');
    if (!rotated.ok) throw new Error('not rotated');
    expect(rotated.previous?.serverSeedHash).toBe(before.serverSeedHash);
    expect(hashSeed(rotated.previous?.serverSeed ?? '')).toBe(before.serverSeedHash);
    expect(rotated).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(rotated.serverSeedHash).not.toBe(before.serverSeedHash);

    for (const round of [first, second]) {
      const checked = await verify({ roundId: round.roundId });
      expect(checked.body.data).toMatchObject({ win: round.win, result: round.result, recorded: { matches: true } });
    }
    // The same from the explicit inputs.
    const explicit = await verify({
      title: 'test-coin',
      serverSeed: rotated.previous?.serverSeed ?? '',
      clientSeed: before.clientSeed,
      nonce: 2,
      params: JSON.stringify({ stake: 1000, side: 'tails' }),
    });
    expect(explicit.body.data).toMatchObject({ win: second.win, result: second.result, recorded: null });
  });

  it('refuses a bad client seed and an unknown round', async () => {
    const session = await open('test-coin');
    expect(await provider.rotateSeeds(session, 'has space')).toMatchObject({ ok: false, code: Code.BET_INVALID });
    expect((await verify({ roundId: 'nope' })).body.code).toBe(Code.TRANSACTION_UNKNOWN);
    expect((await verify({ title: 'test-coin' })).body.code).toBe(Code.VALIDATION);
  });
});

describe('stepped rounds', () => {
  it('bets at start, applies actions, settles through the wallet when done', async () => {
    await fund(100);
    const session = await open('test-roll');
    const started = await provider.play(session, { stake: 1000 });
    if (!started.ok) throw new Error(started.message);
    expect(started).toMatchObject({ done: false, win: 0, stake: 1000, view: { dice: [], total: 0 } });
    expect(await balance()).toBe(9000);
    expect((await records())[0]).toMatchObject({ roundId: started.roundId, bet: 10, result: 'In progress' });

    const rolled = await provider.act(session, started.roundId, { move: 'roll' });
    expect(rolled).toMatchObject({ ok: true, done: false });
    const stood = await provider.act(session, started.roundId, { move: 'stand' });
    if (!stood.ok) throw new Error(stood.message);
    expect(stood.done).toBe(true);
    expect(stood.result).toMatch(/^Stood at \d$/);
    expect(await balance()).toBe(9000 + stood.win);
    expect((await records())[0]).toMatchObject({ win: stood.win / 100, result: stood.result });
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(1000);
    // Over: no more actions.
    expect(await provider.act(session, started.roundId, { move: 'roll' })).toMatchObject({
      ok: false,
      code: Code.ROUND_SETTLED,
    });
  });

  it('answers an illegal action with a clear error and changes nothing', async () => {
    await fund(100);
    const session = await open('test-roll');
    const started = await provider.play(session, { stake: 1000 });
    if (!started.ok) throw new Error(started.message);
    const row = () => inDb(app.db).get`SELECT actions, done, state FROM provider_rounds`;
    const before = await row();
    expect(await provider.act(session, started.roundId, { move: 'stand' })).toMatchObject({
      ok: false,
      code: Code.GAME_ACTION_INVALID,
      message: 'Roll at least once before standing.',
    });
    expect(await provider.act(session, started.roundId, { move: 'fold' })).toMatchObject({
      ok: false,
      code: Code.GAME_ACTION_INVALID,
    });
    expect(await provider.act(session, 'someone-else', { move: 'roll' })).toMatchObject({
      ok: false,
      code: Code.TRANSACTION_UNKNOWN,
    });
    expect(await row()).toEqual(before);
    expect(await balance()).toBe(9000);
  });

  it('recovers a round left open with the finishing action, and it verifies', async () => {
    await fund(100);
    const session = await open('test-roll');
    const started = await provider.play(session, { stake: 1000 });
    if (!started.ok) throw new Error(started.message);
    // Not idle long enough yet.
    app.clock.advance(60_000);
    await provider.recover(60_000, 10 * 60_000);
    expect((await records())[0]?.result).toBe('In progress');
    app.clock.advance(10 * 60_000);
    await provider.recover(60_000, 10 * 60_000);
    const [record] = await records();
    expect(record?.result).toMatch(/^(Stood at|Bust at) \d+$/);
    expect(await balance()).toBe(9000 + (record?.win ?? 0) * 100);
    await provider.rotateSeeds(session);
    const checked = await verify({ roundId: started.roundId });
    expect(checked.body.data).toMatchObject({ done: true, recorded: { matches: true } });
  });
});

describe('a shared table', () => {
  it('takes bets until the close on the server clock, draws one result for everyone, and reveals its seed', async () => {
    await fund(100);
    const other = await registerPlayer(app);
    const otherId = (await app.services.users.byUid(other.info.uid))?.id ?? 0;
    await app.db.transaction(() =>
      app.services.ledger.post(otherId, { type: 'adjust', amount: 10_000, reference: 'test', remark: 'test funds' }),
    )();
    const mine = await open('test-table');
    const theirs = await open('test-table', other.client);
    const status = await provider.tableStatus(mine);
    if (!status.ok) throw new Error('no table');
    expect(status).toMatchObject({ open: true, serverSeedHash: expect.stringMatching(/^[a-f0-9]{64}$/) });
    expect(await provider.tableStatus(theirs)).toMatchObject({
      round: status.round,
      serverSeedHash: status.serverSeedHash,
    });

    const heads = provider.play(mine, { stake: 1000, side: 'heads' });
    const tails = provider.play(theirs, { stake: 2000, side: 'tails' });
    // Both bets are taken (their stakes debited) before the close; the answers wait for the draw.
    await expect.poll(balance).toBe(9000);
    await expect.poll(async () => (await app.services.ledger.account(otherId)).balance).toBe(8000);
    app.clock.advance(status.closesInMs);
    expect(await provider.play(mine, { stake: 1000, side: 'heads' })).toMatchObject({
      ok: false,
      code: Code.BET_INVALID,
    });
    await provider.drawTables();
    const [a, b] = await Promise.all([heads, tails]);
    if (!a.ok || !b.ok) throw new Error('not drawn');
    expect(a.outcome).toEqual(b.outcome);
    expect([a.win, b.win].filter((w) => w > 0)).toHaveLength(1);
    expect(await balance()).toBe(9000 + a.win);
    // Drawn: the seed is out and the rounds verify; the next round has a new commitment.
    const checked = await verify({ roundId: a.roundId });
    expect(checked.body.data).toMatchObject({ win: a.win, recorded: { matches: true } });
    // Every player sees what was drawn, never another player's bets.
    const shown = await provider.tableStatus(mine);
    expect(shown).toMatchObject({ open: false, last: { result: expect.stringMatching(/^(heads|tails)$/) } });
    expect(JSON.stringify(shown.ok && shown.last)).not.toMatch(/bet on|20\.00/);
    app.clock.advance(status.nextInMs - status.closesInMs);
    expect(await provider.tableStatus(mine)).toMatchObject({ open: true, round: status.round + 1 });
    const next = await provider.tableStatus(mine);
    if (!next.ok) throw new Error('no table');
    expect(next.serverSeedHash).not.toBe(status.serverSeedHash);
  });
});

describe('the game page API', () => {
  it("answers a shared table's countdown at POST /provider/api/:session/table (the page polls it)", async () => {
    const session = await open('test-table');
    const answer = await app.inject({ method: 'POST', url: `/provider/api/${session}/table`, payload: {} });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      ok: true,
      open: true,
      round: expect.any(Number),
      serverSeedHash: expect.stringMatching(/^[a-f0-9]{64}$/),
    });
    const solo = await open('test-coin');
    expect(
      (await app.inject({ method: 'POST', url: `/provider/api/${solo}/table`, payload: {} })).json(),
    ).toMatchObject({ ok: false, code: Code.GAME_NOT_PLAYABLE });
  });
});

describe('blackjack’s further stakes (double, split, insurance) through the wallet', () => {
  const KEY = 'crt-blackjack-21-classic';
  type View = { actions: string[]; hands: { cards: string[]; stake: number }[]; active: number; stake: number };
  const engineOf = () => provider.studio.title(KEY)?.engine as SteppedEngine<unknown, BlackjackState, string>;
  const stateOf = async (roundId: string): Promise<BlackjackState> =>
    (await openRoundState(provider, app.db, engineOf(), roundId)) as BlackjackState;
  const turnover = async () => (await app.services.ledger.account(userId)).turnover_done;
  const raises = () => inDb(app.db).all<{ amount: number; status: string }>`SELECT amount, status FROM round_raises`;

  /**
   * Plays 10-peso rounds until one stays open in a state `wanted` accepts (the others are played out by the
   * basic strategy, or declined and stood): the round id and its state.
   */
  async function roundWhere(session: string, wanted: (state: BlackjackState) => boolean) {
    const engine = engineOf();
    for (let i = 0; i < 400; i++) {
      const started = await provider.play(session, { stake: 1000 });
      if (!started.ok) throw new Error(started.message);
      if (started.done) continue;
      const state = await stateOf(started.roundId);
      if (wanted(state)) return { roundId: started.roundId, state };
      let s = state;
      while (!engine.done(s)) {
        const action = engine.finishAction?.(s) ?? 'stand';
        const acted = await provider.act(session, started.roundId, action);
        if (!acted.ok) throw new Error(acted.message);
        s = engine.act(s, action);
      }
    }
    throw new Error('no such round dealt');
  }
  const playing = (s: BlackjackState) => s.phase === 'player';
  const pair = (s: BlackjackState) => playing(s) && allowedActions(s).includes('split');
  const ace = (s: BlackjackState) => s.phase === 'insurance';

  it('a double takes its stake through the wallet before its card, and the round settles and verifies on both stakes', async () => {
    await fund(5000);
    const session = await open(KEY);
    const { roundId } = await roundWhere(session, playing);
    const before = await balance();
    const turnoverBefore = await turnover();
    const doubled = await provider.act(session, roundId, 'double');
    if (!doubled.ok) throw new Error(doubled.message);
    expect(doubled).toMatchObject({ done: true, stake: 2000 });
    expect(await balance()).toBe(before - 1000 + doubled.win);
    expect(await turnover()).toBe(turnoverBefore + 1000);
    expect(await inDb(app.db).value`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`).toBe(2000);
    expect(await inDb(app.db).value`SELECT bet FROM provider_rounds WHERE round_id = ${roundId}`).toBe(2000);
    const recorded = (await records()).find((r) => r.roundId === roundId);
    expect(recorded).toMatchObject({ bet: 20, win: doubled.win / 100 });
    expect((await provider.rotateSeeds(session, 'after-double')).ok).toBe(true);
    const verified = await verify({ roundId });
    expect(verified.body.data).toMatchObject({ win: doubled.win, recorded: { matches: true } });
    // Over: no second double, no insurance.
    expect(await provider.act(session, roundId, 'double')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
    await assertLedgerWhole(app.db);
  });

  it('refuses a double after a hit, insurance without an ace or after a move, and a split of no pair: nothing charged', async () => {
    await fund(5000);
    const session = await open(KEY);
    const { roundId, state } = await roundWhere(
      session,
      (s) => playing(s) && handValue(s.hands[0]?.cards ?? []).total <= 11 && !pair(s) && !s.dealer[0]?.startsWith('A'),
    );
    const before = await balance();
    for (const move of ['insurance', 'decline', 'split'])
      expect(await provider.act(session, roundId, move), move).toMatchObject({
        ok: false,
        code: Code.GAME_ACTION_INVALID,
      });
    const hit = await provider.act(session, roundId, 'hit');
    expect(hit.ok).toBe(true);
    if (hit.ok && !hit.done) {
      expect((hit.view as View).actions).toEqual(['hit', 'stand']);
      expect(await provider.act(session, roundId, 'double')).toMatchObject({
        ok: false,
        code: Code.GAME_ACTION_INVALID,
        message: 'Double only on a hand’s first two cards',
      });
    }
    expect(await raises()).toEqual([]);
    expect(state.hands).toHaveLength(1);
    expect(await balance()).toBe(before + (hit.ok && hit.done ? hit.win : 0));
  });

  it('a raise refused for lack of money leaves the hand as it was; the round settles on the stake taken', async () => {
    await fund(10);
    const session = await open(KEY);
    // One 10-peso round at a time until one stays open with a move to double.
    let found: { roundId: string; state: BlackjackState } | undefined;
    for (let i = 0; i < 400 && !found; i++) {
      if ((await balance()) < 1000) await fund(10);
      const started = await provider.play(session, { stake: 1000 });
      if (!started.ok) throw new Error(started.message);
      if (started.done) continue;
      const state = await stateOf(started.roundId);
      if (playing(state) && (await balance()) < 1000) found = { roundId: started.roundId, state };
      else {
        let s = state;
        while (!engineOf().done(s)) {
          const a = engineOf().finishAction?.(s) ?? 'stand';
          await provider.act(session, started.roundId, a);
          s = engineOf().act(s, a);
        }
      }
    }
    if (!found) throw new Error('no open round with an empty balance');
    const { roundId } = found;
    const actions = () => inDb(app.db).value<string>`SELECT actions FROM provider_rounds WHERE round_id = ${roundId}`;
    const before = await actions();
    const refused = await provider.act(session, roundId, 'double');
    expect(refused).toMatchObject({
      ok: false,
      code: Code.INSUFFICIENT_BALANCE,
      message: 'Not enough balance for this move: the hand is as it was, you can still hit or stand.',
    });
    expect(await actions()).toBe(before);
    expect(await inDb(app.db).value`SELECT raise_pending FROM provider_rounds WHERE round_id = ${roundId}`).toBeNull();
    const stood = await provider.act(session, roundId, 'stand');
    if (!stood.ok) throw new Error(stood.message);
    expect(stood.done).toBe(true);
    expect(stood.stake).toBe(1000);
    expect(stood.win).toBeLessThanOrEqual(2000);
    expect(await inDb(app.db).value`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`).toBe(1000);
    await assertLedgerWhole(app.db);
  });

  it('two tabs acting at once on one round: one action applied, charged only for what was applied', async () => {
    await fund(5000);
    const session = await open(KEY);
    for (const [a, b] of [
      ['double', 'double'],
      ['double', 'hit'],
      ['hit', 'double'],
      ['split', 'double'],
    ] as [string, string][]) {
      const { roundId } = await roundWhere(session, a === 'split' || b === 'split' ? pair : playing);
      const raisedBefore = (await raises()).length;
      const before = await balance();
      const [one, two] = await Promise.all([provider.act(session, roundId, a), provider.act(session, roundId, b)]);
      const applied = JSON.parse(
        (await inDb(app.db).value<string>`SELECT actions FROM provider_rounds WHERE round_id = ${roundId}`) ?? '[]',
      ) as string[];
      const raisedNow = (await raises()).slice(raisedBefore).filter((r) => r.status === 'taken');
      const taken = applied.filter((x) => x === 'double' || x === 'split').length;
      expect(raisedNow, `${a} + ${b}: ${applied.join(',')}`).toHaveLength(taken);
      expect(await inDb(app.db).value`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`).toBe(
        1000 + 1000 * taken,
      );
      const won = [one, two].find((x) => x.ok && x.done);
      const paid = won?.ok ? won.win : 0;
      expect(await balance()).toBe(before - 1000 * taken + paid);
      // Finish the round if it is still open.
      let state = await stateOf(roundId);
      while (!engineOf().done(state)) {
        await provider.act(session, roundId, 'stand');
        state = engineOf().act(state, 'stand');
      }
    }
    await assertLedgerWhole(app.db);
  });

  it('splits a pair into hands played in turn; a rollback of the round refunds every stake it took', async () => {
    await fund(5000);
    const session = await open(KEY);
    const { roundId } = await roundWhere(session, pair);
    const before = await balance();
    const split = await provider.act(session, roundId, 'split');
    if (!split.ok) throw new Error(split.message);
    const view = split.view as View;
    expect(split.stake).toBe(2000);
    expect(view.hands.length).toBe(2);
    expect(view.hands.every((h) => h.stake === 1000)).toBe(true);
    if (split.done) return;
    expect(await balance()).toBe(before - 1000);
    const betTx = await inDb(app.db)
      .value<string>`SELECT bet_transaction_id FROM provider_rounds WHERE round_id = ${roundId}`;
    const rolled = await walletClient(app).rollback({
      transactionId: `${roundId}-rb-test`,
      betTransactionId: betTx ?? '',
    });
    expect(rolled.success).toBe(true);
    expect(await balance()).toBe(before + 1000);
    expect(await raises()).toEqual([{ amount: 1000, status: 'refunded' }]);
    // The provider cannot settle it any more: the wallet refuses, no money moves.
    await provider.act(session, roundId, 'stand');
    expect(await balance()).toBe(before + 1000);
    await assertLedgerWhole(app.db);
  });

  it('insurance takes half the stake when the dealer shows an ace, only before the first move', async () => {
    await fund(5000);
    const session = await open(KEY);
    const { roundId } = await roundWhere(session, ace);
    const before = await balance();
    expect(await provider.act(session, roundId, 'hit')).toMatchObject({ ok: false, code: Code.GAME_ACTION_INVALID });
    const insured = await provider.act(session, roundId, 'insurance');
    if (!insured.ok) throw new Error(insured.message);
    expect(insured.stake).toBe(1500);
    expect(await raises()).toEqual([{ amount: 500, status: 'taken' }]);
    if (!insured.done) {
      expect(await provider.act(session, roundId, 'insurance')).toMatchObject({
        ok: false,
        code: Code.GAME_ACTION_INVALID,
      });
      expect(await balance()).toBe(before - 500);
      await provider.act(session, roundId, 'stand');
    }
    await assertLedgerWhole(app.db);
  });

  it('a raise a crash left pending is rolled back when the round is recovered; no other move is written meanwhile', async () => {
    await fund(5000);
    const session = await open(KEY);
    const { roundId } = await roundWhere(session, playing);
    const before = await balance();
    // The wallet took the raise, then the process died before the double was written.
    const sessionToken = await inDb(app.db)
      .value<string>`SELECT session_token FROM provider_rounds WHERE round_id = ${roundId}`;
    const tx = `${roundId}-r0-dead00`;
    const raised = await walletClient(app).raise({
      sessionToken: sessionToken ?? '',
      transactionId: tx,
      roundId,
      amount: '10.00',
    });
    expect(raised.success).toBe(true);
    await inDb(app.db).run`UPDATE provider_rounds SET raise_pending = ${tx} WHERE round_id = ${roundId}`;
    expect(await provider.act(session, roundId, 'hit')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
    app.clock.advance(11 * 60_000);
    await provider.recover(60_000, 10 * 60_000);
    expect(await raises()).toEqual([{ amount: 1000, status: 'refunded' }]);
    const round = await inDb(app.db).get<{ status: string; bet: number; win: number }>`
      SELECT status, bet, win FROM game_rounds WHERE round_id = ${roundId}`;
    expect(round).toMatchObject({ status: 'settled', bet: 1000 });
    expect(await balance()).toBe(before + (round?.win ?? 0));
    await assertLedgerWhole(app.db);
  });
});

describe('Three Card Poker: the ante and Pair Plus at the deal, the Play only on a call (the wallet’s raise)', () => {
  const KEY = 'crt-three-card-brag';
  const raises = () =>
    inDb(app.db).all<{ amount: number; status: string; transaction_id: string }>`
      SELECT amount, status, transaction_id FROM round_raises ORDER BY id`;
  const betOf = async (roundId: string) =>
    inDb(app.db).value<number>`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`;
  async function deal(session: string, params: Record<string, number>) {
    const started = await provider.play(session, params);
    if (!started.ok) throw new Error(started.message);
    expect(started.done).toBe(false);
    return started.roundId;
  }

  it('takes the ante and Pair Plus at the deal and the Play by a raise; records, balance and verify agree', async () => {
    await fund(5000);
    const session = await open(KEY);
    const before = await balance();
    const roundId = await deal(session, { ante: 1000, pairPlus: 500 });
    expect(await balance()).toBe(before - 1500);
    expect(await betOf(roundId)).toBe(1500);
    const played = await provider.act(session, roundId, 'call');
    if (!played.ok) throw new Error(played.message);
    expect(played).toMatchObject({ done: true, stake: 2500 });
    expect((await raises()).map((r) => [r.amount, r.status])).toEqual([[1000, 'taken']]);
    expect(await balance()).toBe(before - 2500 + played.win);
    expect(await betOf(roundId)).toBe(2500);
    const recorded = (await records()).find((r) => r.roundId === roundId);
    expect(recorded).toMatchObject({ bet: 25, win: played.win / 100 });
    expect(recorded?.result).toMatch(/pair plus 5\.00 (won|lost)/);
    expect((await provider.rotateSeeds(session, 'after-play')).ok).toBe(true);
    expect((await verify({ roundId })).body.data).toMatchObject({ win: played.win, recorded: { matches: true } });
    await assertLedgerWhole(app.db);
  });

  it('a fold stakes nothing more; Play after a fold, Play twice and a replayed raise take nothing', async () => {
    await fund(5000);
    const session = await open(KEY);
    const before = await balance();
    // Fold: the ante is lost, no raise.
    const foldedId = await deal(session, { ante: 1000 });
    const folded = await provider.act(session, foldedId, 'fold');
    expect(folded).toMatchObject({ ok: true, done: true, stake: 1000, win: 0 });
    expect(await provider.act(session, foldedId, 'call')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
    expect(await raises()).toEqual([]);
    expect(await balance()).toBe(before - 1000);
    // Play twice, from two tabs at once: one Play is taken, the other refused.
    const roundId = await deal(session, { ante: 1000 });
    const [one, two] = await Promise.all([
      provider.act(session, roundId, 'call'),
      provider.act(session, roundId, 'call'),
    ]);
    expect([one, two].filter((x) => x.ok)).toHaveLength(1);
    expect((await raises()).map((r) => [r.amount, r.status])).toEqual([[1000, 'taken']]);
    expect(await provider.act(session, roundId, 'call')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
    expect(await betOf(roundId)).toBe(2000);
    const won = [one, two].find((x) => x.ok && x.done);
    const paid = won?.ok ? won.win : 0;
    expect(await balance()).toBe(before - 1000 - 2000 + paid);
    // The raise replayed to the wallet (same transaction) answers the first, takes nothing more.
    const sessionToken = await inDb(app.db)
      .value<string>`SELECT session_token FROM provider_rounds WHERE round_id = ${roundId}`;
    const [raise] = await raises();
    const replayed = await walletClient(app).raise({
      sessionToken: sessionToken ?? '',
      transactionId: raise?.transaction_id ?? '',
      roundId,
      amount: '10.00',
    });
    expect(await balance()).toBe(before - 3000 + paid);
    expect((await raises()).length).toBe(1);
    expect(replayed).toMatchObject({ success: true, data: { transactionId: raise?.transaction_id } });
    expect(await betOf(roundId)).toBe(2000);
    await assertLedgerWhole(app.db);
  });

  it('refuses a deal without an ante, a Pair Plus alone and a Play past the stake limit: nothing charged', async () => {
    await fund(20_000);
    const session = await open(KEY);
    const before = await balance();
    for (const params of [{ pairPlus: 1000 }, { ante: 0 }, { ante: 200_000, pairPlus: 100_100 }, { stake: 1000 }])
      expect(await provider.play(session, params), JSON.stringify(params)).toMatchObject({ ok: false });
    // A Play on no round, or on a round that is not this player's game.
    expect(await provider.act(session, 'no-such-round', 'call')).toMatchObject({ ok: false });
    expect(await balance()).toBe(before);
    expect(await raises()).toEqual([]);
  });
});
