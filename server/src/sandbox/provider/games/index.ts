import { z } from 'zod';
import { BACCARAT_BETS, baccaratReturn, dealBaccarat } from './baccarat';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, crashPoint, crashReturn } from './crash';
import type { Rng } from './rng';
import { SLOT_LINES, slotWin, spinSlot } from './slot';

import { MAX_STAKE, MIN_STAKE } from './stakes';

export { MAX_STAKE, MIN_STAKE };

const stake = z.number().int().min(MIN_STAKE).max(MAX_STAKE);

/** Each game: what a round takes from the page, and how it plays out (win in centavos, stake included). */
export const GAMES = {
  slot: {
    name: 'Lucky Lanterns',
    params: z.strictObject({ stake }),
    play(rng: Rng, p: { stake: number }) {
      const spin = spinSlot(rng);
      const win = slotWin(p.stake, spin);
      const best = [...spin.wins].sort((a, b) => b.pays - a.pays)[0];
      const result = best
        ? `${spin.wins.length} line${spin.wins.length > 1 ? 's' : ''}, best ${best.count}x ${best.symbol} on line ${best.line}`
        : 'No win';
      return { win, result, outcome: { reels: spin.reels, wins: spin.wins, lines: SLOT_LINES } };
    },
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
    params: z.strictObject({
      stake,
      target: z
        .number()
        .min(CRASH_MIN_TARGET)
        .max(CRASH_MAX_TARGET)
        .refine((n) => Number(n.toFixed(2)) === n),
    }),
    play(rng: Rng, p: { stake: number; target: number }) {
      const point = crashPoint(rng);
      const target = Math.round(p.target * 100);
      const win = crashReturn(p.stake, target, point);
      const crashedAt = (point / 100).toFixed(2);
      const result =
        win > 0
          ? `Cashed out at ${p.target.toFixed(2)}x (crashed at ${crashedAt}x)`
          : `Crashed at ${crashedAt}x before ${p.target.toFixed(2)}x`;
      return { win, result, outcome: { crashPoint: point / 100, target: p.target, cashedOut: win > 0 } };
    },
  },
} as const;

export type GameKey = keyof typeof GAMES;
export const isGameKey = (key: string): key is GameKey => key in GAMES;
