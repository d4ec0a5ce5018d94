import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogSeed } from '../../domains/game/catalog.seed';
import { registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { readyPlayer } from '../../test/money';
import { openRoundState, pondShot } from '../../test/provider-bed';
import { createProviderEngine } from './engine';
import { defaultBetOf } from './games/sample';
import type { Title } from './games/titles';
import { createStudio } from './studio';
import { TEST_FAMILIES } from './testing';
import type { WalletClient } from './wallet-client';

const seed = readCatalogSeed();
let app: FastifyInstance;
let player: TestClient;

beforeAll(async () => {
  app = await testApp();
  player = (await readyPlayer(app)).client;
});
afterAll(() => app.close());

const PAGES = join(import.meta.dirname, 'pages');

describe('the seeded catalog', () => {
  it('opens every entry through getUrl as a playable page whose title matches its tile', async () => {
    const unplayable = new Map<string, string[]>();
    for (const game of seed.games) {
      const launched = await player.post<{ playUrl: string; openMode: string; needBindWallet: boolean }>(
        '/api/game/getUrl',
        { gameId: game.id },
      );
      expect(launched.body.data, game.code).toMatchObject({ openMode: game.openMode, needBindWallet: false });
      const url = new URL(launched.body.data.playUrl);
      expect(url.pathname).toBe(`/provider/play/${game.code}`);
      const page = await app.inject({ url: url.pathname + url.search });
      if (page.statusCode !== 200) {
        const why = app.provider.studio.missing(game.code) ?? `page answered ${page.statusCode}`;
        unplayable.set(why, [...(unplayable.get(why) ?? []), game.name]);
        continue;
      }
      const title = app.provider.studio.title(game.code);
      expect(page.body, game.code).toContain(`<title>${escapeHtml(game.name)}</title>`);
      const data = JSON.parse(
        /<script id="game-data" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1] ?? '',
      );
      expect(data.titleInfo, game.code).toMatchObject({ key: game.code, name: game.name });
      expect(data.rules, game.code).toBeDefined();
      // A shared table's rounds draw from the dealer's seeds, never the player's pair: the page has none.
      // So does a shared crash round (crash-room.ts).
      if (title?.shared || title?.family === 'crash') expect(data.seeds, game.code).toBeNull();
      else expect(data.seeds.serverSeedHash, game.code).toMatch(/^[a-f0-9]{64}$/);
      expect(data.maxWin, game.code).toBe(100_000_000);
      // The page's module is the family's (a Vite entry, vite.games.config.ts): it must exist.
      const script = `${title?.family}`;
      if (!['ts', 'js'].some((ext) => existsSync(join(PAGES, `${script}.${ext}`)))) {
        const why = `no page module pages/${script}`;
        unplayable.set(why, [...(unplayable.get(why) ?? []), game.name]);
      }
    }
    const report = [...unplayable].map(([why, names]) => `${why}: ${names.length} (${names.join(', ')})`);
    expect(report, 'catalog entries that do not open a playable title').toEqual([]);
  });

  it('asks a player without a wallet to bind one for a needBindWallet entry, and names an openMode', async () => {
    const fresh = (await registerPlayer(app)).client;
    const needs = seed.games.filter((g) => g.needBindWallet);
    const browser = seed.games.filter((g) => g.openMode === 'browser');
    expect(needs.length).toBeGreaterThan(0);
    expect(browser.length).toBeGreaterThan(0);
    const asked = await fresh.post('/api/game/getUrl', { gameId: needs[0]?.id });
    expect(asked.body.data).toMatchObject({ playUrl: '', needBindWallet: true });
    const opened = await fresh.post('/api/game/getUrl', {
      gameId: browser.find((g) => !g.needBindWallet)?.id,
    });
    expect(opened.body.data).toMatchObject({ openMode: 'browser', needBindWallet: false });
  });

  it('lists no title the catalog does not have, and the catalog names every title alike', () => {
    const names = new Map(seed.games.map((g) => [g.code, g.name]));
    for (const [key, title] of app.provider.studio.titles as ReadonlyMap<string, Title>) {
      expect(names.get(key), key).toBe(title.name);
    }
  });
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A wallet that accepts every bet: the fairness test exercises the provider's book, not the casino's. */
const acceptingWallet = {
  authenticate: async () => ({ success: false, code: 0, msg: '', data: null }),
  balance: async () => ({ success: true, code: 0, msg: '', data: { balance: 0, currency: 'PHP' } }),
  bet: async () => ({ success: true, code: 0, msg: '', data: { balance: 0, currency: 'PHP' } }),
  win: async () => ({ success: true, code: 0, msg: '', data: { balance: 0, currency: 'PHP' } }),
  rollback: async () => ({ success: true, code: 0, msg: '', data: { balance: 0, currency: 'PHP' } }),
} as unknown as WalletClient;

describe('provably fair: 1,000 recorded rounds of every registered family recompute from the revealed seeds', () => {
  const families = [...createStudio().families(), ...TEST_FAMILIES];
  it.each(families.map((f) => [f.key, f] as const))('%s', async (key, family) => {
    const config = Object.keys(family.configs)[0] ?? '';
    const title: Title = { key: `pf-${key}`, name: key, family: key, config, theme: '', art: '', shared: false };
    const studio = createStudio(families, new Map([[title.key, title]]));
    const provider = createProviderEngine({ db: app.db, clock: app.clock, wallet: acceptingWallet, studio });
    const resolved = studio.title(title.key);
    if (!resolved) throw new Error(`${key}: ${studio.missing(title.key)}`);
    const bet = defaultBetOf(resolved.engine);
    expect(bet, `${key} needs a defaultBet`).toBeDefined();
    await provider.sessions.put({
      id: `pf-session-${key}`,
      sessionToken: 'pf',
      title: resolved,
      playerId: 9_000_001,
      language: 'en-US',
      nickname: 'pf',
    });

    // A crash title flies shared rounds (crash-room.ts): one bet per round, each in a fresh round's betting
    // phase (the clock moved past any flight), settled by the sweep once crashed.
    const crash = key === 'crash';
    const roundIds: string[] = [];
    for (let i = 0; i < (crash ? 200 : 1000); i++) {
      if (crash) app.clock.advance(200_000);
      // A fishing shot aims at a fish of the shared pond, with a shot id of its own.
      const shot = key === 'fishing' ? await pondShot(provider, title.key, app.clock, { wait: true }) : bet;
      const played = await provider.play(`pf-session-${key}`, shot);
      if (!played.ok) throw new Error(`${key}: ${played.message}`);
      roundIds.push(played.roundId);
    }
    // A game whose untouched rounds are void (mines, tower): the player's first move by its strategy, so
    // the rounds have something to recompute; the rest are then played out by the finishing action, as
    // recovery does.
    const engine = resolved.engine;
    if (engine.kind === 'stepped' && engine.voidUntouched && engine.strategy) {
      for (const roundId of roundIds) {
        const state = await openRoundState(provider, app.db, engine, roundId);
        const moved = await provider.act(`pf-session-${key}`, roundId, engine.strategy(state));
        expect(moved.ok, roundId).toBe(true);
      }
    }
    if (crash) {
      app.clock.advance(200_000);
      await provider.crash.sweep();
    }
    await provider.recover(0, 0);
    await provider.rotateSeeds(`pf-session-${key}`);

    const rows = (await app.db.prepare(`SELECT * FROM provider_rounds WHERE title = ? ORDER BY id`).all(title.key)) as {
      round_id: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      params: string;
      actions: string;
      win: number;
      result: string;
      outcome: string;
      done: number;
    }[];
    expect(rows.map((r) => r.round_id)).toEqual(roundIds);
    expect(rows.map((r) => r.nonce)).toEqual(roundIds.map((_, i) => i + 1));
    for (const row of rows) {
      const serverSeed =
        (await provider.seeds.revealed(row.server_seed_hash)) ?? (await provider.crash.revealed(row.server_seed_hash));
      expect(serverSeed).toBeDefined();
      const again = provider.recompute({
        title: title.key,
        serverSeed: serverSeed ?? '',
        clientSeed: row.client_seed,
        nonce: row.nonce,
        params: JSON.parse(row.params),
        actions: JSON.parse(row.actions),
      });
      expect(row.done).toBe(1);
      const { win, result, outcome } = again?.round ?? {};
      expect({ win, result, outcome }, row.round_id).toEqual({
        win: row.win,
        result: row.result,
        outcome: JSON.parse(row.outcome),
      });
    }
  });
});
