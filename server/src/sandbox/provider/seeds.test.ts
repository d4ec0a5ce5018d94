import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import type { TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { openRoundState, providerTestBed } from '../../test/provider-bed';
import type { PlayResult, ProviderEngine } from './engine';
import { hashSeed } from './games/fair';
import { defaultBetOf } from './games/sample';

/**
 * The attack this guards against (issue 25): two tabs of one title. Tab A opens a stepped round (its mines,
 * its shoe are drawn at start from the pair in use); tab B asks for a rotation, which would reveal that
 * pair's server seed, and the verify page would show tab A's mines before A picks a tile.
 */
const { bed, fund, open } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
let provider: ProviderEngine;
beforeEach(() => {
  ({ app, player, userId, provider } = bed);
});

async function personal(session: string) {
  const seeds = await provider.seedsOf(session);
  if (!seeds.ok || 'table' in seeds) throw new Error('no personal seeds');
  return seeds;
}

const verify = (roundId: string) =>
  player.get<{ win: number; result: string; recorded: { matches: boolean } | null }>('/api/provider/verify', {
    roundId,
  });

/** One title of every stepped family of the studio. */
function steppedTitles() {
  const byFamily = new Map<string, string>();
  for (const [key, title] of provider.studio.titles) {
    if (byFamily.has(title.family) || title.family.startsWith('test')) continue;
    if (provider.studio.title(key)?.engine.kind === 'stepped') byFamily.set(title.family, key);
  }
  return [...byFamily];
}

describe('a rotation never reveals the seed of an open round', () => {
  it('covers every stepped family of the studio', () => {
    expect(steppedTitles().map(([family]) => family)).toEqual(
      expect.arrayContaining(['blackjack', 'mines', 'tower', 'hiLo', 'videoPoker', 'dealerPoker']),
    );
  });

  it('refuses, from a second tab, to rotate while the first tab has an open round of each stepped family', async () => {
    await fund(1000);
    for (const [family, key] of steppedTitles()) {
      const title = provider.studio.title(key);
      const engine = title?.engine;
      if (engine?.kind !== 'stepped') throw new Error(key);
      const tabA = await open(key);
      const tabB = await open(key);
      // A round can end at its start (a blackjack natural): deal again until one stays open.
      let started = await provider.play(tabA, defaultBetOf(engine));
      for (let i = 0; i < 20 && started.ok && started.done; i++)
        started = await provider.play(tabA, defaultBetOf(engine));
      if (!started.ok || started.done) throw new Error(`${family}: no open round`);
      const before = await personal(tabB);

      expect(await personal(tabB)).toMatchObject({ roundOpen: true });
      expect(await provider.rotateSeeds(tabB, 'tab-b-seed'), family).toMatchObject({
        ok: false,
        code: Code.SEEDS_IN_USE,
      });
      // Refused means nothing moved: same pair, same client seed, nothing revealed, the round not verifiable.
      expect(await personal(tabB), family).toMatchObject({
        serverSeedHash: before.serverSeedHash,
        clientSeed: before.clientSeed,
        previous: before.previous,
      });
      expect((await verify(started.roundId)).body.code, family).toBe(Code.ROUND_NOT_VERIFIABLE);
      const page = await app.inject({ method: 'POST', url: `/provider/api/${tabB}/seeds/rotate`, payload: {} });
      expect(page.json(), family).toMatchObject({ ok: false, code: Code.SEEDS_IN_USE });

      // Tab A finishes its round with the family's documented strategy; then the rotation goes through.
      let answer: PlayResult = started;
      for (let i = 0; i < 50 && answer.ok && !answer.done; i++) {
        const state = await openRoundState(provider, app.db, engine, started.roundId);
        const action = (engine.strategy ?? engine.finishAction)?.(state);
        answer = await provider.act(tabA, started.roundId, action);
      }
      expect(answer, family).toMatchObject({ ok: true, done: true });
      const rotated = await provider.rotateSeeds(tabB, 'tab-b-seed');
      if (!rotated.ok) throw new Error(`${family}: ${rotated.message}`);
      expect(rotated.previous?.serverSeedHash).toBe(before.serverSeedHash);
      expect(hashSeed(rotated.previous?.serverSeed ?? '')).toBe(before.serverSeedHash);
      expect((await verify(started.roundId)).body.data, family).toMatchObject({ recorded: { matches: true } });
    }
  });

  it('commits to the next server seed before the player picks a client seed, and uses exactly it', async () => {
    const tab = await open('test-roll');
    const before = await personal(tab);
    expect(before.nextServerSeedHash).toMatch(/^[a-f0-9]{64}$/);
    expect(before.nextServerSeedHash).not.toBe(before.serverSeedHash);
    expect((await personal(tab)).nextServerSeedHash).toBe(before.nextServerSeedHash);
    const rotated = await provider.rotateSeeds(tab, 'chosen-after');
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated).toMatchObject({ serverSeedHash: before.nextServerSeedHash, clientSeed: 'chosen-after', nonce: 0 });
    expect(rotated.nextServerSeedHash).not.toBe(before.nextServerSeedHash);
  });

  it('lets a one-shot round finish before the rotation it raced: the pair turns only once no round is open', async () => {
    await fund(100);
    const tabA = await open('test-coin');
    const tabB = await open('test-coin');
    const before = await personal(tabA);
    // Sent at once. SQLite serves the round's transaction first; PostgreSQL's pool runs both side by side,
    // so either may come first. Both orders are safe, and the revealed seed never served an open round.
    const [played, raced] = await Promise.all([
      provider.play(tabA, { stake: 1000, side: 'heads' }),
      provider.rotateSeeds(tabB),
    ]);
    if (!played.ok) throw new Error(played.message);
    if (raced.ok) {
      // The rotation came first: it revealed a pair no round had used, and the round was played on the new
      // one, which the next rotation reveals.
      expect(raced).toMatchObject({ previous: { serverSeedHash: before.serverSeedHash, nonce: 0 } });
      expect(await provider.rotateSeeds(tabB)).toMatchObject({ ok: true, previous: { nonce: 1 } });
    } else {
      // The round came first: the rotation found it open and turned nothing; once it is settled it turns.
      expect(raced).toMatchObject({ ok: false, code: Code.SEEDS_IN_USE });
      const rotated = await provider.rotateSeeds(tabB);
      expect(rotated).toMatchObject({ ok: true, previous: { serverSeedHash: before.serverSeedHash, nonce: 1 } });
    }
    expect((await verify(played.roundId)).body.data).toMatchObject({ win: played.win, recorded: { matches: true } });
  });

  it('refuses a rotation on a shared table and shows the table round seeds there instead of the player pair', async () => {
    const tab = await open('test-table');
    expect(await provider.rotateSeeds(tab, 'mine')).toMatchObject({ ok: false, code: Code.SEEDS_IN_USE });
    const seeds = await provider.seedsOf(tab);
    const status = await provider.tableStatus(tab);
    if (!seeds.ok || !('table' in seeds) || !status.ok) throw new Error('no table seeds');
    expect(seeds.table).toMatchObject({ round: status.round, serverSeedHash: status.serverSeedHash, last: null });
  });
});

describe('one position per player on a shared table round', () => {
  it('refuses a second bet of the same player on the same draw, from any tab, even sent at once', async () => {
    await fund(20_000);
    const tabA = await open('test-table');
    const tabB = await open('test-table');
    // Red in one bet and black in another would be a hedge counted in full, and twice the stake limit.
    const both = [
      provider.play(tabA, { stake: 500_000, side: 'heads' }),
      provider.play(tabB, { stake: 500_000, side: 'tails' }),
    ];
    // Taken before the close (a fixed wait is a race on PostgreSQL's pool); the answers below still prove
    // that exactly one of the two was accepted.
    await expect
      .poll(async () => {
        const now = await provider.tableStatus(tabA);
        return now.ok ? now.bets : -1;
      })
      .toBe(1);
    const status = await provider.tableStatus(tabA);
    if (!status.ok) throw new Error('no table');
    expect(status).toMatchObject({ bets: 1, staked: 500_000 });
    app.clock.advance(status.closesInMs);
    await provider.drawTables();
    const answers = await Promise.all(both);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      code: Code.BET_INVALID,
      message: 'You already have a bet on this round: wait for the draw.',
    });
    expect((await app.services.ledger.account(userId)).turnover_done).toBe(500_000);
    expect((await app.services.ledger.check()).problems).toEqual([]);
  });
});

describe('a stepped round with no risky exit', () => {
  it('refuses to cash out Mines before the first tile, and voids a round left untouched (no turnover)', async () => {
    await fund(100);
    const tab = await open('nfg-gem-mines');
    const started = await provider.play(tab, { stake: 5000, mines: 3 });
    if (!started.ok) throw new Error(started.message);
    expect(await provider.act(tab, started.roundId, { type: 'cashout' })).toMatchObject({
      ok: false,
      code: Code.GAME_ACTION_INVALID,
      message: 'Reveal a tile before cashing out',
    });
    const account = () => app.services.ledger.account(userId);
    expect(await account()).toMatchObject({ balance: 5000, turnover_done: 5000 });
    app.clock.advance(11 * 60_000);
    await provider.recover(60_000, 10 * 60_000);
    // Void: the stake back, its turnover taken back, the record says refunded.
    expect(await account()).toMatchObject({ balance: 10_000, turnover_done: 0 });
    const state = await inDb(app.db)
      .value<string>`SELECT state FROM provider_rounds WHERE round_id = ${started.roundId}`;
    expect(state).toBe('void');
  });
});

describe('turnover is the net risk of a round', () => {
  it('counts nothing of banker and player at once, and only the uncovered part of unequal hedges', async () => {
    await fund(1000);
    const tab = await open('house-manila-baccarat');
    const account = () => app.services.ledger.account(userId);
    const hedged = await provider.play(tab, { bets: { banker: 10_000, player: 10_000 } });
    if (!hedged.ok) throw new Error(hedged.message);
    expect((await account()).turnover_done).toBe(0);
    const partly = await provider.play(tab, { bets: { banker: 15_000, player: 10_000, tie: 1_000 } });
    if (!partly.ok) throw new Error(partly.message);
    expect((await account()).turnover_done).toBe(6_000);
    // A single side counts in full.
    await provider.play(tab, { bets: { player: 2_000 } });
    expect((await account()).turnover_done).toBe(8_000);
    expect((await app.services.ledger.check()).problems).toEqual([]);
  });
});

describe('the maximum win per round', () => {
  it('pays at most the title maximum, says so in the record, and the capped round verifies', async () => {
    await fund(1000);
    const tab = await open('test-coin-capped');
    let won: PlayResult | undefined;
    for (let i = 0; i < 40 && !(won?.ok && won.win > 0); i++)
      won = await provider.play(tab, { stake: 1000, side: 'heads' });
    if (!won?.ok || won.win === 0) throw new Error('no win in 40 flips');
    expect(won.win).toBe(1500);
    expect(won.result).toMatch(/paid the maximum win of ₱15\.00$/);
    await provider.rotateSeeds(tab);
    expect((await verify(won.roundId)).body.data).toMatchObject({ win: 1500, recorded: { matches: true } });
  });
});
