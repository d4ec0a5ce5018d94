import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { Db } from '../db/database';
import { type ProviderEngine, replaySteps } from '../sandbox/provider/engine';
import { fairRng } from '../sandbox/provider/games/fair';
import type { FishingConfig } from '../sandbox/provider/games/fishing';
import type { SteppedEngine } from '../sandbox/provider/games/kinds';
import { pondAt } from '../sandbox/provider/games/pond';
import { TEST_FAMILIES, TEST_TITLES } from '../sandbox/provider/testing';
import { registerPlayer, type TestClient, testApp } from './helpers';
import { inDb } from './in-db';

/**
 * The provider's tests' bench: a fresh app per test with a registered player and the test studio's titles,
 * `fund` to credit the player and `open` to launch a title as that player (one game tab each call).
 */
export function providerTestBed() {
  const bed = {} as { app: FastifyInstance; player: TestClient; userId: number; provider: ProviderEngine };
  beforeEach(async () => {
    bed.app = await testApp();
    const registered = await registerPlayer(bed.app);
    bed.player = registered.client;
    bed.userId = (await bed.app.services.users.byUid(registered.info.uid))?.id ?? 0;
    bed.provider = bed.app.provider;
    bed.provider.studio.extend(TEST_FAMILIES, TEST_TITLES);
  });
  afterEach(() => bed.app.close());

  let funded = 0;
  return {
    bed,
    /** Credits the player (an operator's adjustment); each call a transfer of its own. */
    async fund(pesos: number) {
      funded += 1;
      await bed.app.db.transaction(() =>
        bed.app.services.ledger.post(bed.userId, {
          type: 'adjust',
          amount: pesos * 100,
          reference: `test-${funded}`,
          remark: 'test funds',
        }),
      )();
    },
    /** Launches catalog game 1 as `key` and opens a provider session on it: one game tab. */
    async open(key: string, client = bed.player) {
      await inDb(bed.app.db).run`UPDATE games SET provider_game = ${key} WHERE id = 1`;
      const launched = await client.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
      const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
      const opened = await bed.provider.open(token, key);
      if (!opened.ok) throw new Error(opened.message);
      return opened.id;
    },
  };
}

/**
 * An open stepped round's state, replayed from its recorded seeds and actions as the provider does (its
 * secret seed read through the seed book): what a test needs to play the family's strategy on it.
 */
export async function openRoundState(provider: ProviderEngine, db: Db, engine: SteppedEngine, roundId: string) {
  const r = (await inDb(db).get<{
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    params: string;
    actions: string;
  }>`
    SELECT server_seed_hash, client_seed, nonce, params, actions FROM provider_rounds WHERE round_id = ${roundId}`)!;
  const rng = fairRng((await provider.seeds.secret(r.server_seed_hash)) ?? '', r.client_seed, r.nonce);
  return replaySteps(engine, rng, JSON.parse(r.params), JSON.parse(r.actions) as unknown[]);
}

/**
 * A fishing title's shot as its page sends it: the level, a fish of the shared pond swimming now (the first
 * one in) and a fresh shot id. While no fish is in, `wait` moves the clock on a second at a time (up to 30);
 * without it the answer is undefined.
 */
export async function pondShot(
  provider: ProviderEngine,
  key: string,
  clock: { nowMs(): number; advance(ms: number): void },
  options: { stake?: number; wait?: boolean } = {},
) {
  const rules = provider.studio.title(key)?.engine.rules as FishingConfig;
  const { seed } = await provider.pond.seedOf(key);
  for (let tries = 0; tries < (options.wait ? 30 : 1); tries++) {
    const now = clock.nowMs();
    const fish = pondAt(rules, seed, key, now).find((f) => f.enterAt <= now);
    if (fish) return { stake: options.stake ?? 1000, target: fish.id, shot: randomUUID() };
    clock.advance(1000);
  }
  return undefined;
}
