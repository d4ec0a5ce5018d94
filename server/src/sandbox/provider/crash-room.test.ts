import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { createCrashRepo } from './crash-repo';
import {
  CRASH_BET_MS,
  CRASH_GROWTH,
  CRASH_PAUSE_MS,
  createCrashRoom,
  flightMs,
  maskNickname,
  multiplierAt,
} from './crash-room';
import type { ProviderEngine } from './engine';
import { CRASH_CONFIGS, crashEngine, crashRtp, flightEnd } from './games/crash';
import { fairRng, hashSeed, newServerSeed } from './games/fair';
import { seeded } from './games/test-rng';
import { walletClient } from './wallet-client';

const TITLE = 'house-skyrocket-crash';

describe('the flight curve', () => {
  it('grows as e^(k t): 2x after about 8.7 s, and the crash time is the first ms the point shows', () => {
    expect(Math.LN2 / CRASH_GROWTH / 1000).toBeCloseTo(8.66, 2);
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(flightMs(200))).toBe(200);
    for (const point of [101, 150, 199, 200, 253, 1000, 9999, 100_000]) {
      expect(multiplierAt(flightMs(point) - 1)).toBeLessThan(point);
      expect(multiplierAt(flightMs(point))).toBeGreaterThanOrEqual(point);
    }
  });

  it('ends a flight at the cap and keeps the exact RTP of every target up to it', () => {
    for (const c of Object.values(CRASH_CONFIGS)) {
      const cap = Math.round(c.maxTarget * 100);
      // P(flight end >= T) = P(point >= T) for T <= cap: the return at T is rtp exactly, the cap included.
      for (const target of [101, 200, 1000, cap]) expect(crashRtp(c.rtp, target)).toBeCloseTo(c.rtp, 10);
      expect(flightEnd(cap * 3, c.maxTarget)).toBe(cap);
      expect(flightEnd(cap - 1, c.maxTarget)).toBe(cap - 1);
      // The threshold of r where the drawn point reaches the cap: the flight reaches the cap from there on.
      const edge = 1 - (100 * c.rtp) / cap;
      const engine = crashEngine(c);
      const at = (r: number) =>
        engine.play({ float: () => r, int: () => 0 } as never, { stake: 1000, target: c.maxTarget });
      expect(at(edge + 1e-9).win).toBe(Math.floor(1000 * c.maxTarget));
      expect((at(0.999999999).outcome as { crashPoint: number }).crashPoint).toBe(c.maxTarget);
      expect(at(edge - 1e-6).win).toBe(0);
    }
    // Measured: a bet left in until the cap of Balloon Pop (100x) returns its 96%.
    const balloon = crashEngine(CRASH_CONFIGS.balloon);
    const rng = seeded(28);
    let paid = 0;
    const rounds = 400_000;
    for (let i = 0; i < rounds; i++) paid += balloon.play(rng, { stake: 100, target: 100 }).win;
    expect(paid / (rounds * 100)).toBeGreaterThan(0.96 - 0.05);
    expect(paid / (rounds * 100)).toBeLessThan(0.96 + 0.05);
  });

  it('masks nicknames as the ranking does', () => {
    expect(maskNickname('player123456')).toBe('pl***56');
    expect(maskNickname('ana')).toBe('a***');
  });
});

const { bed, fund, open } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
let provider: ProviderEngine;
beforeEach(() => {
  ({ app, player, userId, provider } = bed);
});

const balance = async () => (await app.services.ledger.account(userId)).balance;
const post = async <T = Record<string, unknown>>(session: string, path: string, payload: unknown = {}) =>
  (
    await app.inject({ method: 'POST', url: `/provider/api/${session}/${path}`, payload: payload as object })
  ).json() as T;
interface Status {
  ok: boolean;
  serverNow: number;
  round: {
    n: number;
    phase: string;
    flightAt: number;
    crashAt: number | null;
    nextAt: number | null;
    multiplier: number;
    point: number | null;
    serverSeed: string | null;
    serverSeedHash: string;
  };
  bets: { player: string; stake: number; cashedAt: number | null; win: number; state: string; me: boolean }[];
  totals: { bets: number; staked: number; paid: number };
  me: { state: string; win: number; cashedAt: number | null } | null;
  history: { n: number; point: number }[];
}
const status = (session: string) => post<Status>(session, 'crash');
const records = async () =>
  (await player.get<{ list: { roundId: string; bet: number; win: number; result: string }[] }>('/api/game/record/all'))
    .body.data.list;

/** Plants the title's next round with a point in [min, max] (hundredths), starting now, as current() would. */
async function plantRound(min: number, max: number) {
  const title = provider.studio.title(TITLE);
  if (!title) throw new Error('no title');
  const repo = createCrashRepo(app.db);
  const last = await repo.latest(TITLE);
  const n = (last?.n ?? 0) + 1;
  for (;;) {
    const serverSeed = newServerSeed();
    const point = provider.crash.pointOf(title, { server_seed: serverSeed, client_seed: TITLE, n });
    if (point < min || point > max) continue;
    const startsAt = app.clock.nowMs();
    const row = await repo.insertOrRead({
      title: TITLE,
      n,
      serverSeed,
      serverSeedHash: hashSeed(serverSeed),
      clientSeed: TITLE,
      startsAt,
      flightAt: startsAt + CRASH_BET_MS,
      crashAt: startsAt + CRASH_BET_MS + flightMs(point),
      now: app.clock.iso(),
    });
    return { ...row, point };
  }
}

/** Moves the test clock to `ms` after the round's flight started. */
const flyTo = (round: { flight_at: number }, ms: number) => app.clock.advance(round.flight_at + ms - app.clock.nowMs());

describe('the shared crash round', () => {
  it('runs betting, flight and crash on the server clock, the point and seed shown only after the crash', async () => {
    const round = await plantRound(300, 5000);
    const session = await open(TITLE);
    const betting = await status(session);
    expect(betting).toMatchObject({
      ok: true,
      serverNow: app.clock.nowMs(),
      round: { n: round.n, phase: 'betting', crashAt: null, point: null, serverSeed: null, multiplier: 100 },
    });
    expect(betting.round.serverSeedHash).toBe(round.server_seed_hash);
    expect(betting.round.flightAt - betting.serverNow).toBe(CRASH_BET_MS);

    flyTo(round, 9000);
    const flying = await status(session);
    expect(flying.round).toMatchObject({
      phase: 'flying',
      multiplier: multiplierAt(9000),
      point: null,
      serverSeed: null,
    });

    flyTo(round, flightMs(round.point));
    const crashed = await status(session);
    expect(crashed.round).toMatchObject({ phase: 'crashed', point: round.point, crashAt: round.crash_at });
    expect(crashed.round.nextAt).toBe(round.crash_at + CRASH_PAUSE_MS);
    expect(hashSeed(crashed.round.serverSeed ?? '')).toBe(round.server_seed_hash);
    expect(crashed.history[0]).toMatchObject({ n: round.n, point: round.point });

    // After the pause: the next round, derived from this one's crash time.
    app.clock.advance(CRASH_PAUSE_MS);
    const next = await status(session);
    expect(next.round).toMatchObject({
      n: round.n + 1,
      phase: 'betting',
      flightAt: round.crash_at + CRASH_PAUSE_MS + CRASH_BET_MS,
    });
  });

  it('pays a cash-out by button at m(now) on the server clock, once; records and verify agree', async () => {
    await fund(100);
    const round = await plantRound(300, 100_000);
    const session = await open(TITLE);
    const bet = await post(session, 'play', { stake: 1000 });
    expect(bet).toMatchObject({ ok: true, stake: 1000, win: 0, done: false, balance: 90 });
    expect(await balance()).toBe(9000);

    flyTo(round, 10_000);
    const m = multiplierAt(10_000);
    // A multiplier the page might claim is ignored: the server's clock decides.
    const cashed = await post(session, 'crash/cashout', { multiplier: 250, cashedAt: 250 });
    const win = Math.floor((1000 * m) / 100);
    expect(cashed).toMatchObject({ ok: true, win, cashedAt: m, balance: (9000 + win) / 100 });
    expect(await balance()).toBe(9000 + win);
    // Replayed, and again later in the flight: one payment.
    app.clock.advance(1000);
    expect(await post(session, 'crash/cashout')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED, win });
    expect(await balance()).toBe(9000 + win);

    const [record] = await records();
    expect(record).toMatchObject({ bet: 10, win: win / 100 });
    // Not verifiable while it flies: the seed would tell the crash point.
    const early = await player.get('/api/provider/verify', { roundId: String(bet.roundId) });
    expect(early.body.code).toBe(Code.ROUND_NOT_VERIFIABLE);
    flyTo(round, flightMs(round.point));
    const checked = await player.get<{ win: number; recorded: { matches: boolean } }>('/api/provider/verify', {
      roundId: String(bet.roundId),
    });
    expect(checked.body.data).toMatchObject({ win, recorded: { matches: true } });
    const seen = await status(session);
    expect(seen.me).toMatchObject({ state: 'cashed', win, cashedAt: m });
    expect(seen.bets).toEqual([
      {
        player: expect.stringMatching(/^.{1,2}\*\*\*.{0,2}$/),
        stake: 1000,
        cashedAt: m,
        win,
        state: 'cashed',
        me: true,
      },
    ]);
    expect(seen.totals).toEqual({ bets: 1, staked: 1000, paid: win });
  });

  it('loses a cash-out that arrives at or after the crash, and settles uncashed bets lost', async () => {
    await fund(100);
    const round = await plantRound(150, 400);
    const session = await open(TITLE);
    const bet = await post(session, 'play', { stake: 1000 });
    expect(bet.ok).toBe(true);
    flyTo(round, flightMs(round.point));
    expect(await post(session, 'crash/cashout')).toMatchObject({
      ok: false,
      code: Code.CRASH_TOO_LATE,
      point: round.point,
    });
    expect(await balance()).toBe(9000);
    const [record] = await records();
    expect(record).toMatchObject({ bet: 10, win: 0 });
    expect((await status(session)).me).toMatchObject({ state: 'lost', win: 0 });
    // Later requests find it settled lost, with the same answer whether the sweep came first or not: nothing paid.
    expect(await post(session, 'crash/cashout')).toMatchObject({
      ok: false,
      code: Code.CRASH_TOO_LATE,
      point: round.point,
    });
    expect(await balance()).toBe(9000);
  });

  it('pays an auto cash-out at its target when the flight reaches it, and loses one the crash came before', async () => {
    await fund(100);
    const round = await plantRound(250, 600);
    const session = await open(TITLE);
    const other = await registerPlayer(app);
    const otherId = (await app.services.users.byUid(other.info.uid))?.id ?? 0;
    await app.db.transaction(() =>
      app.services.ledger.post(otherId, { type: 'adjust', amount: 10_000, reference: 'other', remark: 'test' }),
    )();
    const otherSession = await open(TITLE, other.client);
    expect(await post(session, 'play', { stake: 1000, target: 2 })).toMatchObject({ ok: true });
    expect(await post(otherSession, 'play', { stake: 2000, target: 50 })).toMatchObject({ ok: true });
    flyTo(round, flightMs(200));
    await provider.crash.sweep();
    expect(await balance()).toBe(9000 + 2000);
    // Too late for the button: the auto cash-out got there first.
    expect(await post(session, 'crash/cashout')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED, cashedAt: 200 });
    flyTo(round, flightMs(round.point));
    const seen = await status(otherSession);
    expect(seen.me).toMatchObject({ state: 'lost', win: 0 });
    expect(seen.bets.map((b) => [b.state, b.me])).toEqual([
      ['cashed', false],
      ['lost', true],
    ]);
    expect((await app.services.ledger.account(otherId)).balance).toBe(8000);
  });

  it('refuses a bet after betting closed and a second bet in the round (two tabs at once)', async () => {
    await fund(100);
    const round = await plantRound(200, 100_000);
    const tab1 = await open(TITLE);
    const tab2 = await open(TITLE);
    const both = await Promise.all([post(tab1, 'play', { stake: 1000 }), post(tab2, 'play', { stake: 1000 })]);
    expect(both.filter((a) => a.ok).length).toBe(1);
    expect(both.find((a) => !a.ok)).toMatchObject({
      code: Code.BET_INVALID,
      message: expect.stringMatching(/already have a bet/),
    });
    expect(await balance()).toBe(9000);

    flyTo(round, 0);
    const late = await post(tab2, 'play', { stake: 1000 });
    expect(late).toMatchObject({
      ok: false,
      code: Code.BET_INVALID,
      message: expect.stringMatching(/Bets are closed/),
    });
    expect(await balance()).toBe(9000);
    expect((await inDb(app.db).get<{ n: number }>`SELECT COUNT(*) AS n FROM provider_crash_bets`)?.n).toBe(1);
  });

  it('pays one cash-out from two tabs at once, and refuses one before the flight', async () => {
    await fund(100);
    const round = await plantRound(500, 100_000);
    const tab1 = await open(TITLE);
    const tab2 = await open(TITLE);
    expect(await post(tab1, 'play', { stake: 1000 })).toMatchObject({ ok: true });
    expect(await post(tab2, 'crash/cashout')).toMatchObject({ ok: false, code: Code.CRASH_NOT_FLYING });
    flyTo(round, 12_000);
    const m = multiplierAt(12_000);
    const both = await Promise.all([post(tab1, 'crash/cashout'), post(tab2, 'crash/cashout')]);
    expect(both.filter((a) => a.ok).length).toBe(1);
    expect(await balance()).toBe(9000 + Math.floor((1000 * m) / 100));
  });

  it('attack: a cash-out in flight (button or auto) tells nothing of the crash point, which a second account still in would ride', async () => {
    await fund(100);
    const round = await plantRound(400, 100_000);
    const pointText = `${(round.point / 100).toFixed(2)}x`;
    const session = await open(TITLE);
    const other = await registerPlayer(app);
    const otherId = (await app.services.users.byUid(other.info.uid))?.id ?? 0;
    await app.db.transaction(() =>
      app.services.ledger.post(otherId, { type: 'adjust', amount: 10_000, reference: 'other', remark: 'test' }),
    )();
    const otherSession = await open(TITLE, other.client);
    expect(await post(session, 'play', { stake: 1000 })).toMatchObject({ ok: true });
    expect(await post(otherSession, 'play', { stake: 1000, target: 1.5 })).toMatchObject({ ok: true });

    flyTo(round, flightMs(150));
    await provider.crash.sweep();
    flyTo(round, 10_000);
    const m = multiplierAt(10_000);
    const cashed = await post<{ ok: boolean; result: string }>(session, 'crash/cashout');
    expect(cashed).toMatchObject({ ok: true, result: `Cashed out at ${(m / 100).toFixed(2)}x` });
    expect(JSON.stringify(cashed)).not.toContain(pointText);
    // Still flying: neither the button's record nor the auto cash-out's names the point.
    const mine = await records();
    const theirs = (await other.client.get<{ list: { result: string }[] }>('/api/game/record/all')).body.data.list;
    for (const record of [...mine, ...theirs]) {
      expect(record.result).toMatch(/^Cashed out at \d+\.\d\dx$/);
      expect(record.result).not.toContain(pointText);
    }
    expect((await status(session)).round).toMatchObject({ phase: 'flying', point: null, crashAt: null });
  });

  it('answers a cash-out without a bet and refuses bad bets, changing nothing', async () => {
    await fund(100);
    const round = await plantRound(300, 100_000);
    const session = await open(TITLE);
    flyTo(round, 5000);
    expect(await post(session, 'crash/cashout')).toMatchObject({ ok: false, code: Code.CRASH_NO_BET });
    app.clock.advance(-5000 - CRASH_BET_MS + 1000);
    for (const bad of [
      { stake: 50 },
      { stake: 1000, target: 1 },
      { stake: 1000, target: 1.005 },
      { stake: 1000, x: 1 },
    ])
      expect(await post(session, 'play', bad)).toMatchObject({ ok: false, code: Code.BET_INVALID });
    expect(await balance()).toBe(10_000);
  });

  it('gives a second process the same round: the same seed and times, read from the table', async () => {
    const wallet = walletClient(app);
    const second = createCrashRoom({
      db: app.db,
      clock: app.clock,
      wallet,
      studio: provider.studio,
      sessions: provider.sessions,
    });
    const title = provider.studio.title(TITLE);
    if (!title) throw new Error('no title');
    // Both open round 1 at the same turn: one inserts, the other reads its row.
    const [a, b] = await Promise.all([provider.crash.current(title), second.current(title)]);
    expect(b).toEqual(a);
    expect(await second.current(title)).toEqual(a);
    // The next round is derived from the stored crash time, whoever asks.
    app.clock.advance(a.crash_at + CRASH_PAUSE_MS - app.clock.nowMs());
    const [c, d] = await Promise.all([second.current(title), provider.crash.current(title)]);
    expect(c).toEqual(d);
    expect(c).toMatchObject({ n: 2, starts_at: a.crash_at + CRASH_PAUSE_MS });
    expect(c.server_seed).not.toBe(a.server_seed);
    // The seed's point is the one the engine draws from the round's seeds.
    const point = flightEnd(
      Math.round(
        (
          crashEngine(CRASH_CONFIGS.rocket).play(fairRng(a.server_seed, a.client_seed, a.n), { stake: 100, target: 2 })
            .outcome as { crashPoint: number }
        ).crashPoint * 100,
      ),
      1000,
    );
    expect(a.crash_at - a.flight_at).toBe(flightMs(point));
  });
});
