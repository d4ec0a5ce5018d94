import { describe, expect, it } from 'vitest';
import { FAMILIES } from './families';
import { playRound, returnOf, Tally } from './measure';
import { defaultBetOf } from './sample';
import { seededRng } from './test-rng';

/**
 * The written RTP of every configuration, held honest quickly: a few thousand seeded rounds of the default
 * bet (stepped engines by their documented strategy), the same way `npm run rtp` measures a million. Four
 * standard errors (measured from the rounds themselves, at least 0.5 points) catch a paytable, weight or
 * strategy that is far off; the exact returns are checked by each family's own test, the fine figures by
 * `npm run rtp` (docs/games.md).
 */
const ROUNDS = 2000;

describe('written RTP', () => {
  for (const family of FAMILIES) {
    it(`${family.key}: every configuration returns its written RTP over ${ROUNDS} seeded rounds`, () => {
      for (const [config, settings] of Object.entries(family.configs)) {
        const engine = family.create(settings);
        const bet = defaultBetOf(engine);
        expect(bet, `${family.key}/${config} default bet`).toBeDefined();
        const stake = engine.stakeOf(engine.params.parse(bet));
        const rng = seededRng(2024);
        const tally = new Tally();
        for (let i = 0; i < ROUNDS; i++) tally.add(returnOf(playRound(engine, rng, bet), stake));
        const target = engine.strategyRtp ?? engine.rtp;
        expect(target).toBeLessThan(1);
        const off = Math.abs(tally.mean - target) * 100;
        expect(
          off,
          `${family.key}/${config}: ${(tally.mean * 100).toFixed(2)}% vs ${(target * 100).toFixed(2)}%`,
        ).toBeLessThanOrEqual(tally.tolerance(4));
      }
    });
  }
});
