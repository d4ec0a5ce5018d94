import { describe, expect, it } from 'vitest';
import { FISH_LEVELS, FISHING_CONFIGS } from './fishing';
import { fishInPond, fishPosition, pondAt, pondWave, SHOT_GRACE_MS, WAVE_MS } from './pond';

const SEED = 'a'.repeat(64);
const ocean = FISHING_CONFIGS.ocean;

describe('the shared pond', () => {
  it('draws the same waves from the same seed, title and wave, and others from another', () => {
    expect(pondWave(ocean, SEED, 'dbl-deep-sea-hunter', 1000)).toEqual(
      pondWave(ocean, SEED, 'dbl-deep-sea-hunter', 1000),
    );
    expect(pondWave(ocean, SEED, 'dbl-deep-sea-hunter', 1000)).not.toEqual(
      pondWave(ocean, SEED, 'dbl-deep-sea-hunter', 1001),
    );
    expect(pondWave(ocean, SEED, 'dbl-deep-sea-hunter', 1000)).not.toEqual(
      pondWave(ocean, 'b'.repeat(64), 'dbl-deep-sea-hunter', 1000),
    );
  });

  it('sends schools of small fish in formation, middle fish, and now and then a big fish or the boss', () => {
    for (const c of Object.values(FISHING_CONFIGS)) {
      const kinds = new Map(c.fish.map((f) => [f.id, f]));
      const boss = [...c.fish].sort((a, b) => b.multiplier - a.multiplier)[0]?.id;
      let bosses = 0;
      for (let wave = 0; wave < 400; wave++) {
        const fish = pondWave(c, SEED, 'key', wave);
        const start = wave * WAVE_MS;
        expect(fish.filter((f) => kinds.get(f.fish)?.size === 1).length).toBeGreaterThanOrEqual(12);
        expect(fish.filter((f) => kinds.get(f.fish)?.size === 2).length).toBe(3);
        if (fish.some((f) => f.fish === boss)) bosses++;
        for (const [i, f] of fish.entries()) {
          expect(f.id).toBe(`${wave}.${i}`);
          expect(f.enterAt).toBeGreaterThanOrEqual(start);
          expect(f.enterAt).toBeLessThan(start + WAVE_MS);
          // gone before the wave after next: a fish is of the current or the just-gone wave
          expect(f.leaveAt + SHOT_GRACE_MS).toBeLessThan(start + 2 * WAVE_MS);
          for (const p of [0.25, 0.5, 0.75]) {
            const [x, y] = fishPosition(f, f.enterAt + p * (f.leaveAt - f.enterAt));
            expect(x).toBeGreaterThan(-0.2);
            expect(x).toBeLessThan(1.2);
            expect(y).toBeGreaterThan(-0.1);
            expect(y).toBeLessThan(0.9);
          }
        }
      }
      // The boss comes in about one wave in four.
      expect(bosses / 400).toBeGreaterThan(0.17);
      expect(bosses / 400).toBeLessThan(0.33);
    }
  });

  it('finds a fish only while it is in the pond (with the grace), of the current or just-gone wave', () => {
    const wave = 2_000;
    const fish = pondWave(ocean, SEED, 'k', wave);
    const f = fish[0];
    if (!f) throw new Error('empty wave');
    expect(fishInPond(ocean, SEED, 'k', f.id, f.enterAt)).toEqual(f);
    expect(fishInPond(ocean, SEED, 'k', f.id, f.leaveAt + SHOT_GRACE_MS)).toEqual(f);
    // not yet in, left, a made-up index, a wave to come, a wave long gone, nonsense
    expect(fishInPond(ocean, SEED, 'k', f.id, f.enterAt - 1)).toBeUndefined();
    expect(fishInPond(ocean, SEED, 'k', f.id, f.leaveAt + SHOT_GRACE_MS + 1)).toBeUndefined();
    expect(fishInPond(ocean, SEED, 'k', `${wave}.${fish.length}`, f.enterAt)).toBeUndefined();
    expect(fishInPond(ocean, SEED, 'k', `${wave + 1}.0`, f.enterAt)).toBeUndefined();
    expect(fishInPond(ocean, SEED, 'k', `${wave - 2}.0`, f.enterAt)).toBeUndefined();
    expect(fishInPond(ocean, SEED, 'k', 'whale', f.enterAt)).toBeUndefined();
    // another title's pond (or seed) has other fish at that id
    expect(fishInPond(ocean, 'c'.repeat(64), 'k', f.id, f.enterAt)?.enterAt).not.toBe(f.enterAt);
  });

  it('shows at any time exactly the fish a shot would be accepted at (grace aside)', () => {
    for (let now = 60_000_000; now < 60_000_000 + 3 * WAVE_MS; now += 2_345) {
      const seen = pondAt(ocean, SEED, 'k', now);
      expect(seen.length).toBeGreaterThan(0);
      for (const f of seen.filter((x) => x.enterAt <= now)) expect(fishInPond(ocean, SEED, 'k', f.id, now)).toEqual(f);
    }
  });

  it('offers the cannon levels 1 to 100 pesos, within the stake limits', () => {
    expect(FISH_LEVELS).toEqual([100, 200, 500, 1000, 2000, 5000, 10_000]);
    for (const c of Object.values(FISHING_CONFIGS)) expect(c.levels).toEqual(FISH_LEVELS);
  });
});
