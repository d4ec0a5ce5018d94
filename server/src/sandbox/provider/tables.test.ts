import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { createProviderEngine, type ProviderEngine, TABLE_HISTORY, TABLE_STATS_MS } from './engine';
import { hashSeed } from './games/fair';
import { isSession } from './sessions';
import { walletClient } from './wallet-client';

/**
 * Shared dealer tables that feel live (issue 28 item 2): every cycle drawn with or without bets, the draws
 * kept on the server (provider_table_draws), drawn once whichever process gets there, the bet statistics
 * without names, and the attacks on them: a bet after the draw, a draw read early, a cycle drawn twice, a
 * replayed win.
 */
const { bed, fund, open } = providerTestBed();
const TABLE = 'test-table';
const BACCARAT = 'vlv-velvet-speed-baccarat';

type Row = { n: number; draw: string | null; server_seed: string; server_seed_hash: string; drawn_at: string | null };
const rows = (title = TABLE) =>
  inDb(bed.app.db).all<Row>`
    SELECT n, draw, server_seed, server_seed_hash, drawn_at FROM provider_table_draws WHERE title = ${title} ORDER BY n`;

async function status(session: string, provider: ProviderEngine = bed.provider) {
  const answer = await provider.tableStatus(session);
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}
async function history(session: string, provider: ProviderEngine = bed.provider) {
  const answer = await provider.tableHistory(session);
  if (!answer.ok) throw new Error(answer.message);
  return answer.draws;
}

/** A second provider process over the same database (its own memory: sessions, open rounds, caches). */
function secondProcess() {
  const app = bed.app;
  return createProviderEngine({ db: app.db, clock: app.clock, wallet: walletClient(app), studio: bed.provider.studio });
}
/** Launches `key` as `client` and opens the session on `provider` (a game tab served by that process). */
async function openOn(provider: ProviderEngine, key: string, client: TestClient) {
  await inDb(bed.app.db).run`UPDATE games SET provider_game = ${key} WHERE id = 1`;
  const launched = await client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
  const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
  const opened = await provider.open(token, key);
  if (!opened.ok) throw new Error(opened.message);
  return opened.id;
}
async function funded(pesos: number) {
  const other = await registerPlayer(bed.app);
  const id = (await bed.app.services.users.byUid(other.info.uid))?.id ?? 0;
  await bed.app.db.transaction(() =>
    bed.app.services.ledger.post(id, { type: 'adjust', amount: pesos * 100, reference: 'test', remark: 'funds' }),
  )();
  return { client: other.client, balance: async () => (await bed.app.services.ledger.account(id)).balance };
}
const balance = async () => (await bed.app.services.ledger.account(bed.userId)).balance;

describe('every cycle is drawn and kept on the server', () => {
  it('draws a cycle nobody bet on, records it with its seed revealed, and a reload reads the same history', async () => {
    const tab = await open(TABLE);
    const first = await status(tab);
    expect(first.last).toBeNull();
    expect(await history(tab)).toEqual([]);
    // Three cycles pass with nobody betting; the page polls on, the dealer's timer runs.
    for (let i = 0; i < 3; i++) {
      const now = await status(tab);
      bed.app.clock.advance(now.nextInMs);
      await bed.provider.drawTables();
    }
    const drawn = await history(tab);
    expect(drawn.map((d) => d.round)).toEqual([first.round, first.round + 1, first.round + 2]);
    for (const d of drawn) {
      expect(d.result).toMatch(/^(heads|tails)$/);
      expect(d.facts).toEqual({ side: d.result });
      expect(hashSeed(d.serverSeed)).toBe(d.serverSeedHash);
      expect(d).toMatchObject({ clientSeed: TABLE, nonce: d.round });
    }
    expect(drawn[0]?.serverSeedHash).toBe(first.serverSeedHash);
    // The same draw recomputes from its revealed seeds.
    const recomputed = bed.provider.recompute({
      title: TABLE,
      serverSeed: drawn[0]?.serverSeed ?? '',
      clientSeed: TABLE,
      nonce: drawn[0]?.round ?? 0,
      params: { stake: 1000, side: 'heads' },
      actions: [],
    });
    expect(recomputed?.round?.draw).toBe(drawn[0]?.result);
    // A reload (a new tab, a new session) reads the same history from the server.
    const reloaded = await open(TABLE);
    expect(await history(reloaded)).toEqual(drawn);
    expect((await status(reloaded)).last).toEqual(drawn[2]);
    // Over HTTP as the page asks for it.
    const answer = await bed.app.inject({ method: 'POST', url: `/provider/api/${reloaded}/history`, payload: {} });
    expect(answer.json()).toMatchObject({ ok: true, draws: drawn });
  });

  it('catches up the cycles nobody read, bounded by the retention, and keeps the last TABLE_HISTORY', async () => {
    const tab = await open(TABLE);
    const first = await status(tab);
    // Nobody reads the table for an hour and a half (270 cycles), then a page opens it.
    bed.app.clock.advance(first.nextInMs + 270 * 20_000);
    const drawn = await history(tab);
    expect(drawn).toHaveLength(TABLE_HISTORY);
    const newest = drawn.at(-1)?.round ?? 0;
    expect(drawn[0]?.round).toBe(newest - TABLE_HISTORY + 1);
    expect(drawn.every((d, i) => i === 0 || d.round === (drawn[i - 1]?.round ?? 0) + 1)).toBe(true);
    // The open cycle is not in it; the rows are one per drawn cycle plus the open one.
    const now = await status(tab);
    expect(newest).toBeLessThan(now.round);
    const stored = await rows();
    expect(stored.filter((r) => r.drawn_at !== null)).toHaveLength(TABLE_HISTORY);
  });

  it('a draw is never readable before its bets close: not in the history, the status, the seeds or a recovery', async () => {
    await fund(100);
    const tab = await open(TABLE);
    const playing = bed.provider.play(tab, { stake: 1000, side: 'heads' });
    await expect.poll(balance).toBe(9000);
    const open1 = await status(tab);
    expect(open1.open).toBe(true);
    // A restart's recovery during the betting leaves the bet open and the cycle undrawn.
    await bed.provider.recover(0);
    const [row] = (await rows()).filter((r) => r.n === open1.round);
    expect(row).toMatchObject({ drawn_at: null, draw: null });
    const seen = JSON.stringify([
      await status(tab),
      await history(tab),
      await bed.provider.seedsOf(tab),
      (await bed.app.inject({ method: 'POST', url: `/provider/api/${tab}/table`, payload: {} })).json(),
    ]);
    expect(seen).not.toContain(row?.server_seed);
    expect(seen).toContain(row?.server_seed_hash);
    bed.app.clock.advance(open1.closesInMs);
    await bed.provider.drawTables();
    const paid = await playing;
    if (!paid.ok) throw new Error(paid.message);
    const drawn = await history(tab);
    expect(drawn.at(-1)).toMatchObject({ round: open1.round, serverSeed: row?.server_seed });
    expect(paid.outcome).toMatchObject({ side: drawn.at(-1)?.result });
  });
});

describe('two processes over one database', () => {
  it('draw the same cycle once, with the same result, and each pays the bets it took', async () => {
    await fund(100);
    const other = await funded(100);
    const second = secondProcess();
    const mine = await open(TABLE);
    const theirs = await openOn(second, TABLE, other.client);
    const a = await status(mine);
    const b = await status(theirs, second);
    // Both processes commit to the same seed: they take it from the cycle's row.
    expect(b).toMatchObject({ round: a.round, serverSeedHash: a.serverSeedHash });
    const heads = bed.provider.play(mine, { stake: 1000, side: 'heads' });
    const tails = second.play(theirs, { stake: 2000, side: 'tails' });
    await expect.poll(balance).toBe(9000);
    await expect.poll(other.balance).toBe(8000);
    bed.app.clock.advance(a.closesInMs);
    await Promise.all([bed.provider.drawTables(), second.drawTables(), bed.provider.drawTables()]);
    const [x, y] = await Promise.all([heads, tails]);
    if (!x.ok || !y.ok) throw new Error('not paid');
    expect(x.outcome).toEqual(y.outcome);
    expect([x.win, y.win].filter((w) => w > 0)).toHaveLength(1);
    const cycle = (await rows()).filter((r) => r.n === a.round);
    expect(cycle).toHaveLength(1);
    expect(await history(mine)).toEqual(await history(theirs, second));
    expect(await balance()).toBe(9000 + x.win);
    expect(await other.balance()).toBe(8000 + y.win);
  });

  it('takes one bet per player per cycle across processes: heads on one and tails on the other is refused', async () => {
    await fund(100);
    const second = secondProcess();
    // One player, a tab served by each process, the same cycle.
    const here = await open(TABLE);
    const there = await openOn(second, TABLE, bed.player);
    const cycle = await status(here);
    const heads = bed.provider.play(here, { stake: 1000, side: 'heads' });
    await expect.poll(balance).toBe(9000);
    expect(await second.play(there, { stake: 1000, side: 'tails' })).toMatchObject({
      ok: false,
      code: Code.BET_INVALID,
      message: 'You already have a bet on this round: wait for the draw.',
    });
    expect(await balance()).toBe(9000);
    bed.app.clock.advance(cycle.closesInMs);
    await Promise.all([bed.provider.drawTables(), second.drawTables()]);
    const paid = await heads;
    if (!paid.ok) throw new Error(paid.message);
    expect(await balance()).toBe(9000 + paid.win);
    expect(await inDb(bed.app.db).value<number>`SELECT COUNT(*) FROM provider_rounds`).toBe(1);
    // The next cycle takes the player's bet again, on the other process.
    bed.app.clock.advance((await status(there, second)).nextInMs);
    const next = second.play(there, { stake: 1000, side: 'tails' });
    await expect.poll(balance).toBe(8000 + paid.win);
    bed.app.clock.advance((await status(there, second)).closesInMs);
    await second.drawTables();
    expect(await next).toMatchObject({ ok: true });
  });

  it('refuses a bet on a cycle another process already drew (its clock ahead): nothing is taken', async () => {
    await fund(100);
    const tab = await open(TABLE);
    const now = await status(tab);
    // Another process wrote the draw (the row is what every process checks, in the bet's own transaction).
    await inDb(bed.app.db)
      .run`UPDATE provider_table_draws SET draw = 'heads', facts = '{}', drawn_at = ${bed.app.clock.iso()} WHERE title = ${TABLE} AND n = ${now.round}`;
    expect(await bed.provider.play(tab, { stake: 1000, side: 'heads' })).toMatchObject({
      ok: false,
      code: Code.BET_INVALID,
      message: 'Bets are closed: wait for the next round.',
    });
    expect(await balance()).toBe(10_000);
    expect(await inDb(bed.app.db).value<number>`SELECT COUNT(*) FROM provider_rounds`).toBe(0);
    // And the player may bet on the next cycle.
    bed.app.clock.advance(now.nextInMs);
    const next = bed.provider.play(tab, { stake: 1000, side: 'heads' });
    await expect.poll(balance).toBe(9000);
    bed.app.clock.advance((await status(tab)).closesInMs);
    await bed.provider.drawTables();
    expect(await next).toMatchObject({ ok: true });
  });

  it('a replayed win pays nothing more: draws, recoveries and a second process after the payout', async () => {
    await fund(100);
    const second = secondProcess();
    const tab = await open(TABLE);
    const now = await status(tab);
    const playing = bed.provider.play(tab, { stake: 1000, side: 'heads' });
    await expect.poll(balance).toBe(9000);
    bed.app.clock.advance(now.closesInMs);
    await bed.provider.drawTables();
    const paid = await playing;
    if (!paid.ok) throw new Error(paid.message);
    const after = await balance();
    expect(after).toBe(9000 + paid.win);
    await second.tableHistory(await openOn(second, TABLE, bed.player));
    await Promise.all([bed.provider.drawTables(), second.drawTables(), bed.provider.recover(0), second.recover(0)]);
    bed.app.clock.advance(now.nextInMs);
    await Promise.all([bed.provider.drawTables(), second.drawTables()]);
    expect(await balance()).toBe(after);
    expect((await bed.app.services.ledger.check()).problems).toEqual([]);
  });
});

describe('bet statistics', () => {
  it("shows each main side's share of the cycle's stake in percent, never a name or a player's bet", async () => {
    await fund(100);
    const other = await funded(100);
    const mine = await open(BACCARAT);
    const theirs = await open(BACCARAT, other.client);
    expect((await status(mine)).shares).toEqual({ player: 0, banker: 0, tie: 0 });
    const a = bed.provider.play(mine, { bets: { banker: 3000 } });
    const b = bed.provider.play(theirs, { bets: { player: 800, tie: 200 } });
    await expect.poll(async () => (await status(mine)).bets).toBe(2);
    const seen = await status(theirs);
    expect(seen.shares).toEqual({ player: 20, banker: 75, tie: 5 });
    const text = JSON.stringify(seen);
    for (const session of [mine, theirs]) {
      const found = await bed.provider.sessions.live(session);
      const nickname = isSession(found) ? found.nickname : '';
      expect(nickname).not.toBe('');
      expect(text).not.toContain(nickname);
    }
    expect(text).not.toMatch(/roundId|baccarat-|30\.00|8\.00/);
    bed.app.clock.advance(seen.closesInMs);
    await bed.provider.drawTables();
    await Promise.all([a, b]);
  });

  it('counts the bets placed through every process (a cluster shares the table), not only its own', async () => {
    await fund(100);
    const other = await funded(100);
    const b = secondProcess();
    const onA = await open(BACCARAT);
    const onB = await openOn(b, BACCARAT, other.client);
    const mine = bed.provider.play(onA, { bets: { banker: 3000 } });
    const theirs = b.play(onB, { bets: { player: 1000 } });
    // Each process sees both bets within TABLE_STATS_MS (its own at once).
    for (const [provider, session] of [
      [bed.provider, onA],
      [b, onB],
    ] as const) {
      await expect.poll(async () => (await status(session, provider)).bets, { timeout: 3 * TABLE_STATS_MS }).toBe(2);
      const seen = await status(session, provider);
      expect(seen.shares).toEqual({ player: 25, banker: 75, tie: 0 });
      expect(seen.staked).toBe(4000);
    }
    bed.app.clock.advance((await status(onA)).closesInMs);
    await bed.provider.drawTables();
    await b.drawTables();
    await Promise.all([mine, theirs]);
  });
});
