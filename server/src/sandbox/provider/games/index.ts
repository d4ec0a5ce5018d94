import { z } from 'zod';
import { BACCARAT_BETS, baccaratReturn, dealBaccarat } from './baccarat';
import { CRASH_CONFIGS, crashEngine } from './crash';
import type { Rng } from './rng';
import { SLOT_CONFIGS, slotEngine } from './slot';

import { MAX_STAKE, MIN_STAKE, stakeSchema as stake } from './stake';

export { MAX_STAKE, MIN_STAKE };

// The old keys play the first configuration of the slot and crash families until the provider uses FAMILIES.
const lanterns = slotEngine(SLOT_CONFIGS.lanterns);
const rocket = crashEngine(CRASH_CONFIGS.rocket);

/** Each game: what a round takes from the page, and how it plays out (win in centavos, stake included). */
export const GAMES = {
  slot: {
    name: 'Lucky Lanterns',
    params: lanterns.params,
    play: (rng: Rng, p: { stake: number }) => lanterns.play(rng, p),
  },
  baccarat: {
    name: 'Royal Baccarat',
    params: z.strictObject({ stake, side: z.enum(BACCARAT_BETS) }),
    play(rng: Rng, p: { stake: number; side: (typeof BACCARAT_BETS)[number] }) {
      const hand = dealBaccarat(rng);
      const win = baccaratReturn(p.side, p.stake, hand);
      const winner = hand.winner === 'tie' ? 'Tie' : hand.winner === 'banker' ? 'Banker wins' : 'Player wins';
      const result = `${winner} ${hand.bankerTotal}-${hand.playerTotal}; bet on ${p.side}`;
      return { win, result, outcome: { ...hand, side: p.side } };
    },
  },
  crash: {
    name: 'Rocket Crash',
    params: rocket.params,
    play: (rng: Rng, p: { stake: number; target: number }) => rocket.play(rng, p),
  },
} as const;

export type GameKey = keyof typeof GAMES;
export const isGameKey = (key: string): key is GameKey => key in GAMES;
