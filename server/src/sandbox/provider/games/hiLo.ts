import { z } from 'zod';
import { type Card, RANKS, rankIndex, SUITS } from './cards';
import { type EngineFamily, GameRuleError, type SteppedEngine } from './kinds';
import { stakeSchema } from './stake';

/**
 * Hi-Lo, stepped: a card shows; guess whether the next is higher or the same, or lower or the same (ace
 * low, king high). Each right guess multiplies the pot by its fair odds, 13 / (ranks that win); cash out
 * after any right guess for stake x 0.97 x the product. Each card is drawn from a full deck (replaced), so
 * every guess is fair and the return is 97% whatever the player does. All cards are drawn at start.
 */
export interface HiLoConfig {
  /** Guesses a round can hold; the round cashes out by itself after the last. */
  maxGuesses: number;
  /** The pot never grows past this multiple of the stake (the round cashes out there). */
  maxMultiplier: number;
  edge: number;
  theme: string;
}

export type HiLoAction = 'higher' | 'lower' | 'cashout';

/** What the page reads as `Game.rules`: the configuration and its return. */
export type HiLoRules = HiLoConfig & { rtp: number };

/** What the page sees of an open round: the cards shown, the pot, what a cash-out pays, each guess's chance. */
export interface HiLoView {
  cards: Card[];
  multiplier: number;
  /** Centavos; 0 before the first right guess. */
  cashout: number;
  chances: { higher: number; lower: number };
  phase: HiLoState['phase'];
}

/** A settled round as the page gets it. */
export interface HiLoOutcome {
  cards: Card[];
  multiplier: number;
  phase: HiLoState['phase'];
}

export interface HiLoState {
  stake: number;
  cards: Card[];
  shown: number;
  multiplier: number;
  phase: 'guessing' | 'lost' | 'cashed';
}

/** The chance that `guess` wins on the card after `card`. */
export const hiLoChance = (card: Card, guess: 'higher' | 'lower') =>
  guess === 'higher' ? (14 - rankIndex(card)) / 13 : rankIndex(card) / 13;

/** Cash out after a right guess; before the first, guess the likelier way. */
function likelier(state: HiLoState): HiLoAction {
  if (state.shown > 1) return 'cashout';
  const card = state.cards[0] as Card;
  return hiLoChance(card, 'higher') >= hiLoChance(card, 'lower') ? 'higher' : 'lower';
}

export function hiLoEngine(config: HiLoConfig): SteppedEngine<{ stake: number }, HiLoState, HiLoAction> {
  const cashed = (state: HiLoState): HiLoState => ({ ...state, phase: 'cashed' });
  const pays = (state: HiLoState) => Math.floor(state.stake * (1 - config.edge) * state.multiplier);
  return {
    kind: 'stepped',
    params: z.strictObject({ stake: stakeSchema }),
    action: z.enum(['higher', 'lower', 'cashout']),
    stakeOf: (p) => p.stake,
    rules: { ...config, rtp: 1 - config.edge } satisfies HiLoRules,
    rtp: 1 - config.edge,
    start(rng, params) {
      const cards = Array.from({ length: config.maxGuesses + 1 }, () => {
        const n = rng.int(52);
        return `${RANKS[n % 13]}${SUITS[Math.floor(n / 13)]}` as Card;
      });
      return { stake: params.stake, cards, shown: 1, multiplier: 1, phase: 'guessing' };
    },
    act(state, action) {
      if (state.phase !== 'guessing') throw new GameRuleError('The round is over');
      if (action === 'cashout') {
        if (state.shown < 2) throw new GameRuleError('Guess at least once before cashing out');
        return cashed(state);
      }
      const current = state.cards[state.shown - 1] as Card;
      const next = state.cards[state.shown] as Card;
      const right = action === 'higher' ? rankIndex(next) >= rankIndex(current) : rankIndex(next) <= rankIndex(current);
      const after = { ...state, shown: state.shown + 1 };
      if (!right) return { ...after, phase: 'lost' };
      const multiplier = Math.min(config.maxMultiplier, state.multiplier / hiLoChance(current, action));
      const grown = { ...after, multiplier };
      return after.shown > config.maxGuesses || multiplier >= config.maxMultiplier ? cashed(grown) : grown;
    },
    done: (state) => state.phase !== 'guessing',
    // A round left open: guess the likelier way if no guess was made yet, else cash out.
    finishAction: likelier,
    strategy: likelier,
    settle(state) {
      const win = state.phase === 'cashed' ? pays(state) : 0;
      const shown = state.cards.slice(0, state.shown);
      return {
        win,
        result:
          state.phase === 'cashed'
            ? `Cashed out at ${((1 - config.edge) * state.multiplier).toFixed(2)}x after ${state.shown - 1} guesses`
            : `Wrong guess after ${state.shown - 2} right`,
        outcome: { cards: shown, multiplier: state.multiplier, phase: state.phase } satisfies HiLoOutcome,
      };
    },
    view(state): HiLoView {
      const shown = state.cards.slice(0, state.shown);
      const current = shown[shown.length - 1] as Card;
      return {
        cards: shown,
        multiplier: state.multiplier,
        cashout: state.shown > 1 ? pays(state) : 0,
        chances: { higher: hiLoChance(current, 'higher'), lower: hiLoChance(current, 'lower') },
        phase: state.phase,
      };
    },
  };
}

export const hiLo: EngineFamily<HiLoConfig> = {
  key: 'hiLo',
  configs: { classic: { maxGuesses: 20, maxMultiplier: 10_000, edge: 0.03, theme: 'classic' } },
  create: hiLoEngine,
};
