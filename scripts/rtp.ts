/**
 * Measures the return to player of every engine family and configuration of the game studio and prints it
 * beside the written RTP:
 *
 *   npm run rtp [-- --rounds 1000000] [--family slot] [--fair] [--write]
 *
 * Each configuration plays its default bet (the engine's `defaultBet`, else a 10-peso stake with each
 * other field at its first allowed value) `--rounds` times (default 1,000,000). A stepped engine is played
 * with its documented `strategy` (else its `finishAction`, the move recovery makes for an abandoned round)
 * until done. A row passes when |measured - written| is within the engine's `rtpTolerance` (default 0.5
 * percentage points). The draws come from a fast seeded generator (xoshiro128**, seeded from the OS);
 * `--fair` uses the provably fair HMAC-SHA256 Rng instead (slower, same results in distribution).
 * `--write` puts the table in docs/games.md between its rtp markers. Exits 1 when a row fails.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fairRng } from '../server/src/sandbox/provider/games/fair';
import type { Engine } from '../server/src/sandbox/provider/games/kinds';
import type { Rng } from '../server/src/sandbox/provider/games/rng';
import { defaultBetOf } from '../server/src/sandbox/provider/games/sample';
import { createStudio } from '../server/src/sandbox/provider/studio';

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

function playOnce(engine: Engine, rng: Rng, bet: unknown): number {
  if (engine.kind === 'oneShot') return engine.play(rng, bet).win;
  let state = engine.start(rng, bet);
  const move = engine.strategy ?? engine.finishAction;
  for (let i = 0; i < 1000 && !engine.done(state); i++) {
    if (!move) break;
    state = engine.act(state, move(state));
  }
  return engine.settle(state).win;
}

interface Row {
  family: string;
  config: string;
  written: number;
  measured: number;
  tolerance: number;
  ok: boolean;
  note: string;
}

const studio = createStudio();
const rows: Row[] = [];
for (const family of studio.families()) {
  if (only && family.key !== only) continue;
  for (const [config, settings] of Object.entries(family.configs)) {
    const engine = family.create(settings);
    const bet = defaultBetOf(engine);
    const tolerance = engine.rtpTolerance ?? 0.5;
    if (bet === undefined) {
      rows.push({
        family: family.key,
        config,
        written: engine.rtp,
        measured: Number.NaN,
        tolerance,
        ok: false,
        note: 'no default bet',
      });
      continue;
    }
    const stake = engine.stakeOf(engine.params.parse(bet));
    const started = Date.now();
    let returned = 0;
    const fast = fastRng();
    const serverSeed = randomBytes(32).toString('hex');
    for (let i = 0; i < rounds; i++) {
      returned += playOnce(engine, fair ? fairRng(serverSeed, 'rtp', i + 1) : fast, bet);
    }
    const measured = returned / (stake * rounds);
    const ok = Math.abs(measured - engine.rtp) * 100 <= tolerance;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    rows.push({ family: family.key, config, written: engine.rtp, measured, tolerance, ok, note: `${seconds} s` });
    process.stderr.write(`${family.key}/${config}: ${(measured * 100).toFixed(2)}% in ${seconds} s\n`);
  }
}

const pct = (n: number) => (Number.isNaN(n) ? '—' : `${(n * 100).toFixed(2)}%`);
const header = `Return to player over ${rounds.toLocaleString('en-US')} rounds per configuration (${fair ? 'provably fair Rng' : 'xoshiro128**'})`;
const table = [
  '| family | config | written | measured | tolerance | |',
  '| --- | --- | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.family} | ${r.config} | ${pct(r.written)} | ${pct(r.measured)} | ±${r.tolerance.toFixed(2)} pp | ${r.ok ? 'ok' : `**FAIL** ${r.note}`} |`,
  ),
].join('\n');
console.log(`${header}\n\n${table}`);

if (write) {
  const file = join(import.meta.dirname, '..', 'docs', 'games.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- rtp:start -->';
  const end = '<!-- rtp:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/games.md has no ${start} ... ${end} section`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${header}.\n\n${table}\n${text.slice(to)}`);
  console.log('\nWritten to docs/games.md');
}
if (rows.some((r) => !r.ok)) process.exitCode = 1;
