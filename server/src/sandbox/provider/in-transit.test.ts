import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { opsClient, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { createProviderEngine, OPEN_ROUND_IDLE_MS, type ProviderEngine } from './engine';
import { TEST_FAMILIES, TEST_TITLES } from './testing';
import { type WalletAnswer, type WalletClient, walletClient } from './wallet-client';

/**
 * A bet lost in transit (issue 27 leftovers): the casino took the stake but its answer never reached the
 * provider. How a player (or bad luck) would beat it: a bet whose answer is dropped after the casino
 * committed would keep the stake while the provider voids the round, a stake with no round to settle or
 * refund. The provider rolls such a bet back at once, or leaves it to recover when the rollback is lost too.
 */
const { bed, fund } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
beforeEach(() => {
  ({ app, player, userId } = bed);
});

const balance = async () => (await app.services.ledger.account(userId)).balance;
const lostAnswer = <T>(): WalletAnswer<T> => ({
  success: false,
  code: Code.SERVICE_UNAVAILABLE,
  msg: 'no answer',
  data: null as T,
  unknown: true,
});

/** A provider whose wallet calls go through `wrap` (the real client underneath), its own sessions. */
function providerWith(wrap: (real: WalletClient) => Partial<WalletClient>) {
  const real = walletClient(app);
  const calls: string[] = [];
  const wrapped = { ...real, ...wrap(real) };
  const wallet = Object.fromEntries(
    Object.entries(wrapped).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as WalletClient;
  const provider = createProviderEngine({ db: app.db, clock: app.clock, wallet });
  provider.studio.extend(TEST_FAMILIES, TEST_TITLES);
  return { provider, calls };
}

async function openOn(provider: ProviderEngine, key: string) {
  await inDb(app.db).run`UPDATE games SET provider_game = ${key} WHERE id = 1`;
  const launched = await player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
  const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
  const opened = await provider.open(token, key);
  if (!opened.ok) throw new Error(opened.message);
  return opened.id;
}

const providerRound = (roundId: string) =>
  inDb(app.db).get<{ state: string }>`SELECT state FROM provider_rounds WHERE round_id = ${roundId}`;
const lastProviderRound = () =>
  inDb(app.db).get<{ round_id: string; state: string }>`
    SELECT round_id, state FROM provider_rounds ORDER BY id DESC LIMIT 1`;
const casinoRound = (roundId: string) =>
  inDb(app.db).get<{ status: string }>`SELECT status FROM game_rounds WHERE round_id = ${roundId}`;

describe('a provider bet lost in transit', () => {
  it('the casino took it, its answer was dropped: rolled back at once, the balance back, the round void', async () => {
    await fund(100);
    const { provider, calls } = providerWith((real) => ({
      bet: async (f) => {
        await real.bet(f); // committed by the casino
        return lostAnswer();
      },
    }));
    const session = await openOn(provider, 'test-coin');
    const before = await balance();
    const played = await provider.play(session, { stake: 1000, side: 'heads' });
    expect(played).toMatchObject({ ok: false, code: Code.SERVICE_UNAVAILABLE });
    const round = await lastProviderRound();
    expect(round?.state).toBe('void');
    expect(calls).toEqual(['authenticate', 'bet', 'rollback']);
    expect(await casinoRound(round?.round_id ?? '')).toEqual({ status: 'refunded' });
    expect(await balance()).toBe(before);
    await assertLedgerWhole(app.db);
  });

  it('the rollback lost too: the round stays betting (the stake held) until recover rolls it back, once', async () => {
    await fund(100);
    let rollbacksLost = 1;
    const { provider } = providerWith((real) => ({
      bet: async (f) => {
        await real.bet(f);
        return lostAnswer();
      },
      rollback: async (f) => {
        if (rollbacksLost-- > 0) return lostAnswer();
        return real.rollback(f);
      },
    }));
    const session = await openOn(provider, 'test-coin');
    const before = await balance();
    await provider.play(session, { stake: 1000, side: 'heads' });
    const round = await lastProviderRound();
    expect(round?.state).toBe('betting');
    expect(await balance()).toBe(before - 1000);
    // Recover rolls back a bet that may not have reached the wallet (and a second run finds nothing to do).
    app.clock.advance(2 * 60_000);
    expect(await provider.recover(60_000)).toBe(1);
    expect(await provider.recover(60_000)).toBe(0);
    expect(await providerRound(round?.round_id ?? '')).toEqual({ state: 'void' });
    expect(await casinoRound(round?.round_id ?? '')).toEqual({ status: 'refunded' });
    expect(await balance()).toBe(before);
    await assertLedgerWhole(app.db);
  });

  it('a 5xx before the casino saw the bet (a tester fault): the rollback answers unknown, the round is void, nothing moved', async () => {
    await fund(100);
    const { provider, calls } = providerWith(() => ({}));
    const session = await openOn(provider, 'test-coin');
    const before = await balance();
    const fault = await opsClient(app).post('/ops/faults', {
      kind: 'error',
      route: '/api/provider/wallet/bet',
      status: 503,
      code: Code.SERVICE_UNAVAILABLE,
      count: 1,
    });
    expect(fault.body.success, JSON.stringify(fault.body)).toBe(true);
    const played = await provider.play(session, { stake: 1000, side: 'heads' });
    expect(played).toMatchObject({ ok: false, code: Code.SERVICE_UNAVAILABLE });
    expect(calls).toEqual(['authenticate', 'bet', 'rollback']);
    const round = await lastProviderRound();
    expect(round?.state).toBe('void');
    expect(await casinoRound(round?.round_id ?? '')).toBeUndefined();
    expect(await balance()).toBe(before);
    // The next bet plays as usual.
    expect(await provider.play(session, { stake: 1000, side: 'heads' })).toMatchObject({ ok: true });
    await assertLedgerWhole(app.db);
  });

  it('a business refusal (not enough balance) stays a plain void: no rollback is sent', async () => {
    await fund(5);
    const { provider, calls } = providerWith(() => ({}));
    const session = await openOn(provider, 'test-coin');
    const played = await provider.play(session, { stake: 1000, side: 'heads' });
    expect(played).toMatchObject({ ok: false, code: Code.INSUFFICIENT_BALANCE });
    expect(calls).toEqual(['authenticate', 'bet']);
    expect((await lastProviderRound())?.state).toBe('void');
    expect(await balance()).toBe(500);
    await assertLedgerWhole(app.db);
  });

  it('a thrown transport error is answered unknown by the real client, never thrown out of play', async () => {
    await fund(100);
    const { provider } = providerWith((real) => ({
      bet: async (f) => {
        await real.bet(f);
        // What the real client answers when inject rejects: the same shape as a lost answer.
        return walletClient({
          ...app,
          inject: () => Promise.reject(new Error('socket hang up')),
          log: app.log,
          config: app.config,
        } as unknown as FastifyInstance).bet(f);
      },
    }));
    const session = await openOn(provider, 'test-coin');
    const before = await balance();
    expect(await provider.play(session, { stake: 1000, side: 'heads' })).toMatchObject({
      ok: false,
      code: Code.SERVICE_UNAVAILABLE,
    });
    expect((await lastProviderRound())?.state).toBe('void');
    expect(await balance()).toBe(before);
    await assertLedgerWhole(app.db);
  });
});

describe('a crash bet lost in transit', () => {
  it('is rolled back at once: the balance back, the provider round void, the seat free', async () => {
    await fund(100);
    const { provider, calls } = providerWith((real) => ({
      bet: async (f) => {
        await real.bet(f);
        return lostAnswer();
      },
    }));
    const session = await openOn(provider, 'house-skyrocket-crash');
    const before = await balance();
    const played = await provider.play(session, { stake: 1000 });
    expect(played).toMatchObject({ ok: false, code: Code.SERVICE_UNAVAILABLE });
    expect(calls.slice(-2)).toEqual(['bet', 'rollback']);
    const round = await lastProviderRound();
    expect(round?.state).toBe('void');
    expect(await casinoRound(round?.round_id ?? '')).toEqual({ status: 'refunded' });
    expect(await inDb(app.db).value<number>`SELECT count(*) FROM provider_crash_bets`).toBe(0);
    expect(await balance()).toBe(before);
    await assertLedgerWhole(app.db);
  });
});

describe('review: a call (a raise) lost in transit', () => {
  it('attack: its answer lost after the casino took it, and its rollback lost too: the call stake is not kept by a later fold', async () => {
    await fund(100);
    let rollbacksLost = 1;
    let raisesLost = 1;
    const { provider } = providerWith((real) => ({
      raise: async (f) => {
        const taken = await real.raise(f);
        return raisesLost-- > 0 ? lostAnswer() : taken;
      },
      rollback: async (f) => {
        if (rollbacksLost-- > 0) return lostAnswer();
        return real.rollback(f);
      },
    }));
    const session = await openOn(provider, 'crt-caribbean-stud-sands');
    const before = await balance();
    const dealt = await provider.play(session, { ante: 1000 });
    if (!dealt.ok) throw new Error(dealt.message);
    expect(await provider.act(session, dealt.roundId, 'call')).toMatchObject({ ok: false });
    // The casino holds the call (2x the ante) it took; the hand is held until the call is given back.
    const fold = await provider.act(session, dealt.roundId, 'fold');
    expect(fold).toMatchObject({ ok: false });
    // Recovery gives the call back, then folds the idle hand: only the ante is lost.
    app.clock.advance(OPEN_ROUND_IDLE_MS + 60_000);
    await provider.recover(0, OPEN_ROUND_IDLE_MS);
    expect(await casinoRound(dealt.roundId)).toEqual({ status: 'settled' });
    expect(await balance()).toBe(before - 1000);
    await assertLedgerWhole(app.db);
  });
});

describe('review: a bet that reaches the casino after its rollback', () => {
  it('attack: the rollback answered unknown voided the round; the late bet is refused, nothing taken, no round left open', async () => {
    await fund(100);
    let held: Parameters<WalletClient['bet']>[0] | undefined;
    const { provider } = providerWith(() => ({
      // The bet is held up on its way (a slow network): the provider hears nothing and rolls it back.
      bet: async (f) => {
        held = f;
        return lostAnswer();
      },
    }));
    const session = await openOn(provider, 'test-coin');
    const before = await balance();
    expect(await provider.play(session, { stake: 1000, side: 'heads' })).toMatchObject({ ok: false });
    const round = await lastProviderRound();
    expect(round?.state).toBe('void');
    // Then it arrives.
    if (!held) throw new Error('no bet sent');
    const late = await walletClient(app).bet(held);
    expect(late.success).toBe(false);
    expect(await casinoRound(round?.round_id ?? '')).toBeUndefined();
    expect(await balance()).toBe(before);
    // A replay of the late bet is refused the same way.
    expect((await walletClient(app).bet(held)).success).toBe(false);
    expect(await balance()).toBe(before);
    await assertLedgerWhole(app.db);
  });
});
