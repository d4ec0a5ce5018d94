/**
 * Measures the return to player of every engine family, configuration and table bet of the game studio and
 * prints it beside the written RTP:
 *
 *   npm run rtp [-- --rounds 1000000] [--family slot] [--fair] [--write]
 *
 * A chip-table configuration (baccarat, roulette, sic bo, ...) places every bet of its layout at once,
 * 10 pesos each, so one draw settles them all and every bet is measured over the same `--rounds` rounds;
 * bets of one kind with one written RTP (roulette's 37 straights, its 60 splits, ...) are summed into one
 * row. Any other configuration plays its default bet (the engine's `defaultBet`, else a 10-peso stake with
 * each other field at its first allowed value). A stepped engine is played with its documented `strategy`
 * (else its `finishAction`) until done, and is checked against its `strategyRtp` when it has one (the
 * written `rtp` being the perfect-play figure).
 *
 * A row passes when |measured - target| <= max(0.5, 4 x sd / sqrt(rounds)) percentage points, sd being the
 * measured standard deviation of one round's return in stakes: four standard errors, so a true RTP fails
 * one row in 15,800 by chance (over the page's ~150 rows, one run in a few hundred; three errors failed a
 * true row in about one run in ten), and only rows whose single-round spread makes 0.5 points less than
 * four standard errors get more (see docs/games.md). The draws come from a fast seeded generator (xoshiro128**,
 * seeded from the OS); `--fair` uses the provably fair HMAC-SHA256 Rng instead (slower, same distribution).
 * `--write` puts the table in docs/games.md between its rtp markers (with --family, only that family's
 * rows are replaced) and generates the catalog section again (its volatility reads this table). Exits 1
 * when a row fails.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fairRng } from '../server/src/sandbox/provider/games/fair';
import { playRound, returnOf, Tally } from '../server/src/sandbox/provider/games/measure';
import type { Rng } from '../server/src/sandbox/provider/games/rng';
import { defaultBetOf } from '../server/src/sandbox/provider/games/sample';
import { createStudio } from '../server/src/sandbox/provider/studio';
import { withCatalog } from './games-doc';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const rounds = Number(option('rounds') ?? 1_000_000);
const only = option('family');
const fair = args.includes('--fair');
const write = args.includes('--write');

/** xoshiro128** (Blackman and Vigna): fast, 2^128 - 1 period, ample for simulation. */
function fastRng(): Rng {
  const seed = randomBytes(16);
  const s = new Uint32Array([
    seed.readUInt32LE(0),
    seed.readUInt32LE(4),
    seed.readUInt32LE(8),
    seed.readUInt32LE(12) | 1,
  ]);
  const next = () => {
    const result = Math.imul(rotl(Math.imul(s[1] as number, 5), 7), 9) >>> 0;
    const t = (s[1] as number) << 9;
    s[2] = (s[2] as number) ^ (s[0] as number);
    s[3] = (s[3] as number) ^ (s[1] as number);
    s[1] = (s[1] as number) ^ (s[2] as number);
    s[0] = (s[0] as number) ^ (s[3] as number);
    s[2] = (s[2] as number) ^ t;
    s[3] = rotl(s[3] as number, 11);
    return result;
  };
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  return {
    int(max) {
      if (max <= 2 ** 32) {
        const limit = 2 ** 32 - (2 ** 32 % max);
        for (;;) {
          const v = next();
          if (v < limit) return v % max;
        }
      }
      return Math.floor(this.float() * max);
    },
    float: () => ((next() >>> 6) * 2 ** 26 + (next() >>> 6)) / 2 ** 52,
  };
}

interface Row {
  family: string;
  config: string;
  bet: string;
  written: number;
  target: number;
  measured: number;
  rounds: number;
  sd: number;
  tolerance: number;
  ok: boolean;
}

type BetSpec = { pays: number; rtp: number };
const CHIP = 1000;

/** A chip table's bets grouped into rows: bets sharing a name prefix ("straight-17") and one RTP sum up. */
function betGroups(bets: Record<string, BetSpec>) {
  const byPrefix = new Map<string, string[]>();
  for (const key of Object.keys(bets)) {
    const prefix = key.split('-')[0] as string;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), key]);
  }
  const groups: { label: string; keys: string[]; rtp: number }[] = [];
  for (const [prefix, keys] of byPrefix) {
    const rtps = new Set(keys.map((k) => (bets[k] as BetSpec).rtp.toFixed(9)));
    if (keys.length > 1 && rtps.size === 1) {
      // The sum over every position of a kind can be certain (one straight always wins): one of them
      // alone gets a row too, so the draw itself is checked.
      const one = keys[0] as string;
      groups.push({ label: `${prefix} (${keys.length} bets)`, keys, rtp: (bets[one] as BetSpec).rtp });
      groups.push({ label: `${one} (one of ${keys.length})`, keys: [one], rtp: (bets[one] as BetSpec).rtp });
    } else for (const k of keys) groups.push({ label: k, keys: [k], rtp: (bets[k] as BetSpec).rtp });
  }
  return groups;
}

const studio = createStudio();
const rows: Row[] = [];
const serverSeed = randomBytes(32).toString('hex');
const row = (family: string, config: string, bet: string, written: number, target: number, t: Tally): Row => {
  const tolerance = t.tolerance(4);
  const ok = Math.abs(t.mean - target) * 100 <= tolerance;
  return { family, config, bet, written, target, measured: t.mean, rounds: t.n, sd: t.sd, tolerance, ok };
};

for (const family of studio.families()) {
  if (only && family.key !== only) continue;
  for (const [config, settings] of Object.entries(family.configs)) {
    const engine = family.create(settings);
    const fast = fastRng();
    const rngOf = (i: number) => (fair ? fairRng(serverSeed, 'rtp', i + 1) : fast);
    const started = Date.now();
    const table = (engine.rules as { bets?: Record<string, BetSpec> } | null)?.bets;
    if (engine.kind === 'oneShot' && table && Object.values(table).every((b) => typeof b?.rtp === 'number')) {
      const groups = betGroups(table);
      const tallies = groups.map(() => new Tally());
      const bets = Object.fromEntries(Object.keys(table).map((k) => [k, CHIP]));
      const defaultKey = Object.keys((engine.defaultBet as { bets: Record<string, number> }).bets)[0];
      for (let i = 0; i < rounds; i++) {
        const { returns } = engine.play(rngOf(i), { bets }).outcome as { returns: Record<string, number> };
        groups.forEach((g, j) => {
          let back = 0;
          for (const k of g.keys) back += returns[k] as number;
          (tallies[j] as Tally).add(back / (CHIP * g.keys.length));
        });
      }
      groups.forEach((g, j) => {
        const label = g.keys.length === 1 && g.keys[0] === defaultKey ? `${g.label}, default` : g.label;
        rows.push(row(family.key, config, label, g.rtp, g.rtp, tallies[j] as Tally));
      });
    } else {
      const bet = defaultBetOf(engine);
      if (bet === undefined) throw new Error(`${family.key}/${config} has no default bet`);
      const stake = engine.stakeOf(engine.params.parse(bet));
      const tally = new Tally();
      for (let i = 0; i < rounds; i++) tally.add(returnOf(playRound(engine, rngOf(i), bet), stake));
      const target = engine.strategyRtp ?? engine.rtp;
      const label = engine.strategyRtp !== undefined ? 'default, by strategy' : 'default';
      rows.push(row(family.key, config, label, engine.rtp, target, tally));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`${family.key}/${config}: ${seconds} s (${Math.round(rounds / Number(seconds))} rounds/s)\n`);
  }
}

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
const header = `Return to player, ${fair ? 'provably fair Rng' : 'xoshiro128**'}`;
const lines = rows.map(
  (r) =>
    `| ${r.family} | ${r.config} | ${r.bet} | ${pct(r.written)} | ${r.target === r.written ? '' : pct(r.target)} | ${pct(r.measured)} | ${r.rounds.toLocaleString('en-US')} | ${r.sd.toFixed(2)} | ±${r.tolerance.toFixed(2)} pp | ${r.ok ? 'ok' : '**FAIL**'} |`,
);
const head = [
  '| family | config | bet | written | strategy | measured | rounds | sd/round | tolerance | |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];
console.log(`${header}\n\n${[...head, ...lines].join('\n')}`);

if (write) {
  const file = join(import.meta.dirname, '..', 'docs', 'games.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- rtp:start -->';
  const end = '<!-- rtp:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/games.md has no ${start} ... ${end} section`);
  // Keep the other families' rows when only one family was measured.
  const kept = text
    .slice(from + start.length, to)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| family') && !l.startsWith('| ---'))
    .filter((l) => only && l.split('|')[1]?.trim() !== only);
  const order = studio.families().map((f) => f.key);
  const familyOf = (l: string) => order.indexOf(l.split('|')[1]?.trim() ?? '');
  const merged = [...kept, ...lines].sort((a, b) => familyOf(a) - familyOf(b));
  // the catalog's volatility column reads the sd/round of this table: generated again with it
  writeFileSync(
    file,
    withCatalog(
      `${text.slice(0, from + start.length)}\n${header}.\n\n${[...head, ...merged].join('\n')}\n${text.slice(to)}`,
    ),
  );
  console.log('\nWritten to docs/games.md');
}
if (rows.some((r) => !r.ok)) process.exitCode = 1;
