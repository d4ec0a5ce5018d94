import { describe, expect, it } from 'vitest';
import { parseRoundResult } from '../../../../../shared/round-result';
import { createStudio } from '../studio';
import type { Engine } from './kinds';
import { defaultBetOf } from './sample';
import { seededRng } from './test-rng';

const ROUNDS = 150;

function resultOf(engine: Engine, seed: number, bet: unknown): string {
  const rng = seededRng(seed);
  if (engine.kind === 'oneShot') return engine.play(rng, bet).result;
  let state = engine.start(rng, bet);
  const move = engine.strategy ?? engine.finishAction;
  for (let i = 0; i < 100 && move && !engine.done(state); i++) state = engine.act(state, move(state));
  return engine.settle(state).result;
}

/**
 * The record screens say a round's result in the player's language by matching its parts against
 * shared/round-result.ts: every part every engine writes must match one, or it would stay English.
 */
describe('round results', () => {
  it('every part of every engine result matches a phrase the client translates', () => {
    const unmatched = new Set<string>();
    let played = 0;
    for (const family of createStudio().families()) {
      for (const [config, settings] of Object.entries(family.configs)) {
        const engine = family.create(settings) as Engine;
        const bet = defaultBetOf(engine);
        if (bet === undefined) continue;
        for (let seed = 1; seed <= ROUNDS; seed++) {
          const result = resultOf(engine, seed, engine.params.parse(bet));
          played++;
          for (const part of parseRoundResult(result))
            if (!part.key) unmatched.add(`${family.key}/${config}: ${part.text}`);
        }
      }
    }
    expect(played).toBeGreaterThan(1000);
    expect([...unmatched].slice(0, 20)).toEqual([]);
  });

  it('reads the casino lines and keeps an unknown part as written', () => {
    expect(parseRoundResult('Refunded')[0]?.key).toBe('refunded');
    expect(parseRoundResult('Banker wins 7-5; bets banker 50.00').map((p) => [p.key, p.values])).toEqual([
      ['bankerWins', { score: '7-5' }],
      ['bets', { bets: 'banker 50.00' }],
    ]);
    expect(parseRoundResult('Player 6 – Banker 5, Player wins; bets player 10.00')[0]).toMatchObject({
      key: 'pointsPlayer',
      values: { player: '6', banker: '5' },
    });
    expect(parseRoundResult('Something new')).toEqual([{ text: 'Something new', values: {}, words: [] }]);
  });
});
