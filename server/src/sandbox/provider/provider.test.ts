import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import type { ProviderEngine } from './engine';
import { hashSeed } from './games/fair';

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
