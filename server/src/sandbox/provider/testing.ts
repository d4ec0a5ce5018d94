import { z } from 'zod';
import { type EngineFamily, GameRuleError, type OneShotEngine, type SteppedEngine } from './games/kinds';
import type { Title } from './games/titles';

/**
 * Two tiny families for the provider's own tests (the platform is tested apart from the real families):
 * a one-shot coin and a stepped "roll up to ten" whose player rolls hidden dice one by one and stands.
 */
const stake = z.number().int().min(100).max(500_000);

const coin: OneShotEngine<{ stake: number; side: 'heads' | 'tails' }> = {
  kind: 'oneShot',
  params: z.strictObject({ stake, side: z.enum(['heads', 'tails']) }),
  stakeOf: (p) => p.stake,
  rules: { pays: 1.9 },
  rtp: 0.95,
  defaultBet: { stake: 1000, side: 'heads' },
  play(rng, p) {
    const side = rng.int(2) === 0 ? 'heads' : 'tails';
    const win = side === p.side ? Math.floor((p.stake * 19) / 10) : 0;
    return { win, result: `${side}; bet on ${p.side}`, outcome: { side }, draw: side };
  },
};

interface RollState {
  stake: number;
  dice: number[];
  shown: number;
  stood: boolean;
}
const sum = (s: RollState) => s.dice.slice(0, s.shown).reduce((a, b) => a + b, 0);

export const rollToTen: SteppedEngine<{ stake: number }, RollState, { move: 'roll' | 'stand' }> = {
  kind: 'stepped',
  params: z.strictObject({ stake }),
  action: z.strictObject({ move: z.enum(['roll', 'stand']) }),
  stakeOf: (p) => p.stake,
  rules: { target: 10, pays: 'total / 5 times the stake, nothing over 10' },
  rtp: 0.9,
  start: (rng, p) => ({
    stake: p.stake,
    dice: Array.from({ length: 5 }, () => 1 + rng.int(6)),
    shown: 0,
    stood: false,
  }),
  act(state, action) {
    if (state.stood || state.shown === 5 || sum(state) > 10) throw new GameRuleError('The round is over.');
    if (action.move === 'stand') {
      if (state.shown === 0) throw new GameRuleError('Roll at least once before standing.');
      return { ...state, stood: true };
    }
    return { ...state, shown: state.shown + 1 };
  },
  done: (s) => s.stood || s.shown === 5 || sum(s) > 10,
  settle(s) {
    const total = sum(s);
    const win = total > 10 ? 0 : Math.floor((s.stake * total) / 5);
    return {
      win,
      result: total > 10 ? `Bust at ${total}` : `Stood at ${total}`,
      outcome: { dice: s.dice.slice(0, s.shown) },
    };
  },
  view: (s) => ({ dice: s.dice.slice(0, s.shown), total: sum(s) }),
  finishAction: (s) => (s.shown === 0 ? { move: 'roll' } : { move: 'stand' }),
};

export const TEST_FAMILIES: EngineFamily<Record<string, never>>[] = [
  { key: 'testCoin', configs: { classic: {} }, create: () => coin },
  { key: 'testRoll', configs: { classic: {} }, create: () => rollToTen },
];

const title = (key: string, family: string, shared = false, maxWin?: number): [string, Title] => [
  key,
  { key, name: key, family, config: 'classic', theme: 'test', art: '', shared, ...(maxWin ? { maxWin } : {}) },
];
export const TEST_TITLES = new Map([
  title('test-coin', 'testCoin'),
  title('test-roll', 'testRoll'),
  title('test-table', 'testCoin', true),
  // A coin whose maximum win per round (15 pesos) is below its 1.9x pay at a 10-peso stake.
  title('test-coin-capped', 'testCoin', false, 1500),
]);
