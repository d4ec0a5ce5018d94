import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { registerPlayer, type TestClient } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { OPEN_ROUND_IDLE_MS, type ProviderEngine } from './engine';
import { walletClient } from './wallet-client';

/**
 * Caribbean Stud and Casino Hold'em in the real table's order (issue 28): the ante at the deal, the player's
 * cards (and the flop) shown, then the call (2x the ante) staked only when the player calls, through the
 * wallet's raise, a second bet of the same round; the dealer's cards only at the end. Each attack a player
 * could try on the call takes nothing (SQLite, and PostgreSQL + Redis in vitest.stores.config.ts).
 */
const { bed, fund, open } = providerTestBed();
let app: FastifyInstance;
let player: TestClient;
let userId: number;
let provider: ProviderEngine;
beforeEach(() => {
  ({ app, player, userId, provider } = bed);
});

const balance = async (id = userId) => (await app.services.ledger.account(id)).balance;
const records = async () =>
  (await player.get<{ list: { roundId: string; bet: number; win: number; result: string }[] }>('/api/game/record/all'))
    .body.data.list;
const raises = () =>
  inDb(app.db).all<{ amount: number; status: string; transaction_id: string }>`
    SELECT amount, status, transaction_id FROM round_raises ORDER BY id`;
const betOf = (roundId: string) => inDb(app.db).value<number>`SELECT bet FROM game_rounds WHERE round_id = ${roundId}`;
const tokenOf = async (roundId: string) =>
  (await inDb(app.db).value<string>`SELECT session_token FROM provider_rounds WHERE round_id = ${roundId}`) ?? '';

type View = { player: string[]; dealer: string[]; board: string[]; call: number; actions: string[] };

for (const [name, KEY, hole, flop] of [
  ['Caribbean Stud', 'crt-caribbean-stud-sands', 5, 0],
  ["Casino Hold'em Pro", 'crt-texas-holdem-pro', 2, 3],
] as const) {
  describe(`${name}: the ante at the deal, the call (2x) only when the player calls`, () => {
    async function deal(session: string, ante = 1000) {
      const started = await provider.play(session, { ante });
      if (!started.ok) throw new Error(started.message);
      expect(started.done).toBe(false);
      return { roundId: started.roundId, view: started.view as View };
    }

    it('deals from the committed seed, shows the cards before the call, takes the call by a raise; records and verify agree', async () => {
      await fund(5000);
      const session = await open(KEY);
      const seeds = await provider.seedsOf(session);
      if (!seeds.ok || 'table' in seeds) throw new Error('no seeds');
      const before = await balance();
      const { roundId, view } = await deal(session);
      // Only the ante is taken; the player's cards (and the flop) are shown, the dealer's are not.
      expect(await balance()).toBe(before - 1000);
      expect(await betOf(roundId)).toBe(1000);
      expect(view).toMatchObject({ dealer: [], call: 2000, actions: ['call', 'fold'] });
      expect(view.player).toHaveLength(hole);
      expect(view.board).toHaveLength(flop);
      expect(
        await inDb(app.db).value<string>`SELECT server_seed_hash FROM provider_rounds WHERE round_id = ${roundId}`,
      ).toBe(seeds.serverSeedHash);
      expect((await records()).find((r) => r.roundId === roundId)).toMatchObject({ bet: 10, result: 'In progress' });

      const called = await provider.act(session, roundId, 'call');
      if (!called.ok) throw new Error(called.message);
      expect(called).toMatchObject({ done: true, stake: 3000 });
      expect((called.outcome as { dealer: string[] }).dealer).toHaveLength(hole);
      expect((await raises()).map((r) => [r.amount, r.status])).toEqual([[2000, 'taken']]);
      expect(await balance()).toBe(before - 3000 + called.win);
      expect(await betOf(roundId)).toBe(3000);
      expect((await records()).find((r) => r.roundId === roundId)).toMatchObject({ bet: 30, win: called.win / 100 });
      expect((await provider.rotateSeeds(session, 'after-call')).ok).toBe(true);
      const verified = await player.get<{ win: number; recorded: { matches: boolean } }>('/api/provider/verify', {
        roundId,
      });
      expect(verified.body.data).toMatchObject({ win: called.win, recorded: { matches: true } });
      await assertLedgerWhole(app.db);
    });

    it('a fold stakes nothing more; a call after the fold, the call replayed and a raise sent to the wallet after it take nothing', async () => {
      await fund(5000);
      const session = await open(KEY);
      const before = await balance();
      const { roundId } = await deal(session);
      expect(await provider.act(session, roundId, 'fold')).toMatchObject({
        ok: true,
        done: true,
        stake: 1000,
        win: 0,
        result: 'Fold: ante lost',
      });
      // The page (or a replayed request) calls after the fold: refused, the round is over.
      for (const action of ['call', 'call', 'fold'])
        expect(await provider.act(session, roundId, action)).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
      // The call's raise forged straight to the wallet for the settled round: refused, nothing taken.
      const forged = await walletClient(app).raise({
        sessionToken: await tokenOf(roundId),
        transactionId: `${roundId}-r0-forged`,
        roundId,
        amount: '20.00',
      });
      expect(forged).toMatchObject({ success: false, code: Code.ROUND_SETTLED });
      expect(await raises()).toEqual([]);
      expect(await betOf(roundId)).toBe(1000);
      expect(await balance()).toBe(before - 1000);
      expect((await records()).find((r) => r.roundId === roundId)).toMatchObject({ bet: 10, win: 0 });
      await assertLedgerWhole(app.db);
    });

    it('a call twice from two tabs at once takes one call; the raise replayed to the wallet answers the first', async () => {
      await fund(5000);
      const session = await open(KEY);
      const before = await balance();
      const { roundId } = await deal(session);
      const both = await Promise.all([
        provider.act(session, roundId, 'call'),
        provider.act(session, roundId, 'call'),
        provider.act(session, roundId, 'fold'),
      ]);
      expect(both.filter((x) => x.ok)).toHaveLength(1);
      const won = both.find((x) => x.ok);
      const took = won?.ok ? won.stake : 0;
      const paid = won?.ok ? won.win : 0;
      expect(await betOf(roundId)).toBe(took);
      expect((await raises()).filter((r) => r.status === 'taken').length).toBe(took === 3000 ? 1 : 0);
      expect(await balance()).toBe(before - took + paid);
      expect(await provider.act(session, roundId, 'call')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
      const [raise] = await raises();
      if (raise) {
        const replayed = await walletClient(app).raise({
          sessionToken: await tokenOf(roundId),
          transactionId: raise.transaction_id,
          roundId,
          amount: '20.00',
        });
        expect(replayed).toMatchObject({ success: true, data: { transactionId: raise.transaction_id } });
        expect((await raises()).length).toBe(1);
      }
      expect(await balance()).toBe(before - took + paid);
      await assertLedgerWhole(app.db);
    });

    it("a call on another player's round, or from another game tab, is refused: nothing taken from either", async () => {
      await fund(5000);
      const session = await open(KEY);
      const { roundId } = await deal(session);
      const other = await registerPlayer(app);
      const otherId = (await app.services.users.byUid(other.info.uid))?.id ?? 0;
      await app.db.transaction(() =>
        app.services.ledger.post(otherId, { type: 'adjust', amount: 500_000, reference: 'other', remark: 'test' }),
      )();
      const [mine, theirs] = [await balance(), await balance(otherId)];
      const otherSession = await open(KEY, other.client);
      const secondTab = await open(KEY);
      for (const s of [otherSession, secondTab])
        expect(await provider.act(s, roundId, 'call')).toMatchObject({ ok: false, code: Code.TRANSACTION_UNKNOWN });
      // The other player's wallet session raising on this round straight at the wallet: unknown to it.
      const otherToken = await provider.play(otherSession, { ante: 1000 });
      if (!otherToken.ok) throw new Error(otherToken.message);
      const forged = await walletClient(app).raise({
        sessionToken: await tokenOf(otherToken.roundId),
        transactionId: `${roundId}-forged`,
        roundId,
        amount: '20.00',
      });
      expect(forged).toMatchObject({ success: false, code: Code.TRANSACTION_UNKNOWN });
      expect(await raises()).toEqual([]);
      expect([await balance(), await balance(otherId)]).toEqual([mine, theirs - 1000]);
      // The round is still the player's to decide.
      expect(await provider.act(session, roundId, 'fold')).toMatchObject({ ok: true, done: true, win: 0 });
      await assertLedgerWhole(app.db);
    });

    it('a round left undecided is folded after the idle time-out; a call after it, or from a stale page, takes nothing', async () => {
      await fund(5000);
      const session = await open(KEY);
      const before = await balance();
      const { roundId } = await deal(session);
      // Not idle long enough yet: still open.
      app.clock.advance(OPEN_ROUND_IDLE_MS - 60_000);
      await provider.recover(60_000, OPEN_ROUND_IDLE_MS);
      expect((await records()).find((r) => r.roundId === roundId)?.result).toBe('In progress');
      app.clock.advance(2 * 60_000);
      await provider.recover(60_000, OPEN_ROUND_IDLE_MS);
      expect((await records()).find((r) => r.roundId === roundId)).toMatchObject({
        bet: 10,
        win: 0,
        result: 'Fold: ante lost',
      });
      // The page left open over the time-out calls: the round is over.
      expect(await provider.act(session, roundId, 'call')).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
      expect(await raises()).toEqual([]);
      expect(await balance()).toBe(before - 1000);
      expect((await provider.rotateSeeds(session, 'after-timeout')).ok).toBe(true);
      const verified = await player.get<{ win: number; recorded: { matches: boolean } }>('/api/provider/verify', {
        roundId,
      });
      expect(verified.body.data).toMatchObject({ win: 0, recorded: { matches: true } });

      // A stale page: the player logged out (the casino's session ended) with a hand open; its call is refused.
      const next = await deal(session);
      await player.post('/api/user/logout');
      const stale = await provider.act(session, next.roundId, 'call');
      expect(stale.ok).toBe(false);
      expect(stale).not.toMatchObject({ code: Code.ROUND_SETTLED });
      expect(await raises()).toEqual([]);
      expect(await balance()).toBe(before - 2000);
      // Recovery folds it in its time: the ante lost, nothing more.
      app.clock.advance(OPEN_ROUND_IDLE_MS + 60_000);
      await provider.recover(60_000, OPEN_ROUND_IDLE_MS);
      expect(await inDb(app.db).value<string>`SELECT status FROM game_rounds WHERE round_id = ${next.roundId}`).toBe(
        'settled',
      );
      expect(await balance()).toBe(before - 2000);
      await assertLedgerWhole(app.db);
    });

    it('a call refused for the balance leaves the hand open to fold; nothing taken', async () => {
      await fund(15);
      const session = await open(KEY);
      const { roundId } = await deal(session);
      expect(await balance()).toBe(500);
      expect(await provider.act(session, roundId, 'call')).toMatchObject({
        ok: false,
        code: Code.INSUFFICIENT_BALANCE,
      });
      expect(await raises()).toEqual([]);
      expect(await balance()).toBe(500);
      expect(await provider.act(session, roundId, 'fold')).toMatchObject({ ok: true, done: true, win: 0 });
      expect(await balance()).toBe(500);
      await assertLedgerWhole(app.db);
    });
  });
}
