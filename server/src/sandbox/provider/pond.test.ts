import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { createProviderEngine } from './engine';
import type { PondFish } from './games/pond';
import { SHOT_GRACE_MS } from './games/pond';
import { SEAT_IDLE_MS, SEAT_REFRESH_MS, SHOT_CLAIM_MS } from './pond';
import { walletClient } from './wallet-client';

/**
 * The shared fishing pond over HTTP (the page's own calls): a shot is one round at a fish in the pond, and
 * every way a player would beat it (a fish that left, a made-up fish, a replay, two tabs, a level off the
 * list, a stale claim) is refused at no cost or paid once per round. On both stores (vitest.stores.config.ts).
 */
const { bed, fund, open } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
beforeEach(() => {
  ({ app, player, userId } = bed);
});

const TITLE = 'dbl-deep-sea-hunter';
const balance = async () => (await app.services.ledger.account(userId)).balance;
const rounds = async () =>
  (await inDb(app.db).all<{ round_id: string; bet: number; win: number; params: string; nonce: number; state: string }>`
    SELECT round_id, bet, win, params, nonce, state FROM provider_rounds WHERE title = ${TITLE} ORDER BY created_at, nonce`) ??
  [];

interface Status {
  ok: boolean;
  now: number;
  fish: PondFish[];
  players: { nickname: string; level: number; shots: { target: string; caught: boolean; win: number }[] }[];
  pondSeedHash: string;
}
type Shot = { ok: boolean; code?: number; message?: string; roundId?: string; win?: number; balance?: number };

async function post<T>(session: string, path: string, payload: unknown) {
  const answer = await app.inject({
    method: 'POST',
    url: `/provider/api/${session}/${path}`,
    payload: payload as object,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as T;
}
const status = (session: string, level?: number) => post<Status>(session, 'pond', level ? { level } : {});
let shots = 0;
const shotId = () => `shot-${Date.now().toString(36)}-${++shots}`;
const shoot = (session: string, target: string, stake = 1000, shot = shotId()) =>
  post<Shot>(session, 'play', { stake, target, shot });

/** A fish in the pond, with at least `ms` of its crossing left (the clock moved on a little while none is). */
async function swimming(session: string, ms = 5_000) {
  for (let tries = 0; tries < 30; tries++) {
    const pond = await status(session);
    const fish = pond.fish.find((f) => f.enterAt <= pond.now && f.leaveAt > pond.now + ms);
    if (fish) return fish;
    app.clock.advance(1_000);
  }
  throw new Error('no fish in the pond for 30 s');
}

describe('the shared fishing pond', () => {
  it('takes a shot at a fish in the pond as one round on that fish, paid on its own draw', async () => {
    await fund(100);
    const tab = await open(TITLE);
    const fish = await swimming(tab);
    const shot = await shoot(tab, fish.id, 500);
    expect(shot).toMatchObject({ ok: true, stake: 500 });
    expect(await balance()).toBe(10_000 - 500 + (shot.win ?? 0));
    const [r] = await rounds();
    expect(r).toMatchObject({ round_id: shot.roundId, bet: 500, win: shot.win, state: 'settled' });
    // the kind of fish is the pond's, never the page's
    expect(JSON.parse(r?.params ?? '{}')).toEqual({ stake: 500, fish: fish.fish, target: fish.id });
    const records = await player.get<{ list: { roundId: string; bet: number; win: number }[] }>('/api/game/record/all');
    expect(records.body.data.list[0]).toMatchObject({ roundId: shot.roundId, bet: 5, win: (shot.win ?? 0) / 100 });
  });

  it('refuses at no cost a shot at a fish that left, one not come yet, a made-up fish and a page-chosen kind', async () => {
    await fund(100);
    const tab = await open(TITLE);
    const fish = await swimming(tab);
    const wave = Number(fish.id.split('.')[0]);
    for (const target of [`${wave}.999`, `${wave + 3}.0`, `${wave - 5}.0`, 'whale', '', '1.2.3'])
      expect(await shoot(tab, target), target).toMatchObject({ ok: false, code: Code.FISH_NOT_IN_POND });
    // the page may not name the kind (a sardine's id with the whale's multiplier)
    expect(
      await post<Shot>(tab, 'play', { stake: 1000, target: fish.id, shot: shotId(), fish: 'whale' }),
    ).toMatchObject({
      ok: false,
      code: Code.FISH_NOT_IN_POND,
    });
    app.clock.set(new Date(fish.leaveAt + SHOT_GRACE_MS + 1));
    const gone = await shoot(tab, fish.id);
    expect(gone).toMatchObject({ ok: false, code: Code.FISH_NOT_IN_POND });
    expect(gone.message).toMatch(/no longer in the pond/);
    expect(await balance()).toBe(10_000);
    expect(await rounds()).toEqual([]);
  });

  it('refuses at no cost a level off the cannon’s list', async () => {
    await fund(1000);
    const tab = await open(TITLE);
    const fish = await swimming(tab);
    for (const stake of [0, 99, 150, 300, 10_001, 20_000, 500_000, 1000.5, '1000', null])
      expect(await post<Shot>(tab, 'play', { stake, target: fish.id, shot: shotId() }), String(stake)).toMatchObject({
        ok: false,
        code: Code.FISH_LEVEL_INVALID,
      });
    expect(await balance()).toBe(100_000);
    expect(await rounds()).toEqual([]);
  });

  it('fires a replayed shot once: the same shot id again is refused and charged nothing', async () => {
    await fund(100);
    const tab = await open(TITLE);
    const fish = await swimming(tab);
    const id = shotId();
    const first = await shoot(tab, fish.id, 1000, id);
    expect(first.ok).toBe(true);
    const after = await balance();
    expect(await shoot(tab, fish.id, 1000, id)).toMatchObject({ ok: false, code: Code.FISH_SHOT_REPLAYED });
    // from another tab of the same player too
    const other = await open(TITLE);
    expect(await shoot(other, fish.id, 1000, id)).toMatchObject({ ok: false, code: Code.FISH_SHOT_REPLAYED });
    expect(await balance()).toBe(after);
    expect(await rounds()).toHaveLength(1);
  });

  it('two tabs at one fish: each shot a round of its own draw, no round paid twice, one shot in flight', async () => {
    await fund(1000);
    const tabA = await open(TITLE);
    const tabB = await open(TITLE);
    const fish = await swimming(tabA);
    const one = await shoot(tabA, fish.id);
    const two = await shoot(tabB, fish.id);
    expect(one.ok && two.ok).toBe(true);
    // at once: one is in flight when the other arrives, or they came one after the other
    const racing = await Promise.all([shoot(tabA, fish.id), shoot(tabB, fish.id), shoot(tabA, fish.id)]);
    for (const r of racing) if (!r.ok) expect(r.code).toBe(Code.FISH_SHOT_IN_FLIGHT);
    const played = await rounds();
    expect(played).toHaveLength(2 + racing.filter((r) => r.ok).length);
    expect(new Set(played.map((r) => r.nonce)).size).toBe(played.length);
    // each round's bet and win moved the balance once
    const paid = played.reduce((sum, r) => sum + r.win - r.bet, 0);
    expect(await balance()).toBe(100_000 + paid);
    // and the casino's book has each round once, with the provider's win
    const book = await inDb(app.db).all<{ round_id: string; bet: number; win: number }>`
      SELECT round_id, bet, win FROM game_rounds WHERE user_id = ${userId}`;
    expect(book.map((r) => [r.round_id, r.bet, r.win]).sort()).toEqual(
      played.map((r) => [r.round_id, r.bet, r.win]).sort(),
    );
  });

  it('holds one shot in flight per player until it lands, and frees a claim a crash left behind', async () => {
    await fund(100);
    const tab = await open(TITLE);
    const fish = await swimming(tab);
    // a shot of this player on its way (another process)
    await inDb(app.db).run`
      UPDATE provider_pond_seats SET busy_until = ${new Date(app.clock.nowMs() + SHOT_CLAIM_MS).toISOString()}`;
    expect(await shoot(tab, fish.id)).toMatchObject({ ok: false, code: Code.FISH_SHOT_IN_FLIGHT });
    expect(await balance()).toBe(10_000);
    app.clock.advance(SHOT_CLAIM_MS + 1);
    const later = await swimming(tab);
    expect(await shoot(tab, later.id)).toMatchObject({ ok: true });
  });

  it('shows every player the same pond, and the others’ cannons with masked names, levels and shots', async () => {
    await fund(100);
    const mine = await open(TITLE);
    const other = await registerPlayer(app);
    const theirs = await open(TITLE, other.client);
    const a = await status(mine, 2000);
    const b = await status(theirs, 5000);
    expect(b.fish).toEqual(a.fish);
    expect(b.pondSeedHash).toBe(a.pondSeedHash);
    // a second process over the same store draws the same pond (the seed is stored, not in memory)
    const second = createProviderEngine({ db: app.db, clock: app.clock, wallet: walletClient(app) });
    expect((await second.pond.seedOf(TITLE)).hash).toBe(a.pondSeedHash);

    const fish = await swimming(mine);
    const shot = await shoot(mine, fish.id, 2000);
    expect(shot.ok).toBe(true);
    const seen = await status(theirs, 5000);
    expect(seen.players).toHaveLength(1);
    const [me] = seen.players;
    expect(me?.nickname).toMatch(/^.{2}\*\*\*.$/u);
    expect(me).toMatchObject({
      level: 2000,
      shots: [{ target: fish.id, fish: fish.fish, stake: 2000, win: shot.win }],
    });
    expect(JSON.stringify(seen)).not.toMatch(/balance|shot-|player_id/);
    // and I see them at their level, never myself
    expect((await status(mine, 2000)).players).toMatchObject([{ level: 5000, shots: [] }]);
    // a page that stops polling leaves the pond
    app.clock.advance(11_000);
    expect((await status(mine)).players).toEqual([]);
  });

  it('writes a polling seat once per refresh, a new level at once, and keeps it seated all along', async () => {
    await fund(100);
    const mine = await open(TITLE);
    // my seat, the only one until the other player sits down below
    const seen = async () =>
      (await inDb(app.db).get<{ seen_at: string; level: number }>`
        SELECT seen_at, level FROM provider_pond_seats WHERE title = ${TITLE}`) ?? null;
    await status(mine, 2000);
    const first = await seen();
    expect(first?.level).toBe(2000);
    // polls a second apart inside the refresh write nothing
    app.clock.advance(1_000);
    await status(mine, 2000);
    app.clock.advance(1_000);
    await status(mine, 2000);
    expect(await seen()).toEqual(first);
    // a new level is written at once
    await status(mine, 5000);
    expect((await seen())?.level).toBe(5000);
    const changed = await seen();
    // past the refresh, the seat is dated again, so the others never lose it while the page polls
    app.clock.advance(SEAT_REFRESH_MS);
    await status(mine, 5000);
    expect((await seen())?.seen_at).not.toBe(changed?.seen_at);
    expect(SEAT_REFRESH_MS * 3).toBeLessThanOrEqual(SEAT_IDLE_MS);
    const other = await registerPlayer(app);
    const theirs = await open(TITLE, other.client);
    for (let second = 0; second < 12; second++) {
      await status(mine, 5000);
      expect((await status(theirs, 2000)).players).toMatchObject([{ level: 5000 }]);
      app.clock.advance(1_000);
    }
  });

  it('refuses the pond to a session that ended and to a title that is not fishing', async () => {
    expect(await post<Shot>('x'.repeat(20), 'pond', {})).toMatchObject({ ok: false, code: Code.GAME_TOKEN_INVALID });
    const coin = await open('test-coin');
    expect(await post<Shot>(coin, 'pond', {})).toMatchObject({ ok: false, code: Code.GAME_NOT_PLAYABLE });
  });
});
