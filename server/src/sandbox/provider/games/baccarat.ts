import { type Card, rankOf } from './cards';
import type { EngineFamily } from './kinds';
import { type DrawRules, dealPoints, describePoints, type PointHand, pointEnds } from './points';
import type { Rng } from './rng';
import { type BetSpec, chipTable, LOSE, PUSH, WIN } from './table';

/**
 * Baccarat (punto banco) from a freshly shuffled shoe each round, with the standard third-card rules.
 * Pays: Player 1:1, Banker 0.95:1, Tie 8:1 (Player and Banker push on a tie), Player Pair and Banker Pair
 * (the side's first two cards of one rank) 11:1. Configurations differ in pace and look, not in maths.
 */
export const BACCARAT_BETS = ['player', 'banker', 'tie'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
/** The three main bets' returns with 8 decks (see baccaratRtp). */
export const BACCARAT_RTP: Record<BaccaratBet, number> = { banker: 0.9894, player: 0.9876, tie: 0.8564 };
export type { Card };

/** Does the banker draw, given its two-card total and the player's third card (null: the player stood)? */
export function bankerDraws(banker: number, playerThird: number | null) {
  if (playerThird === null) return banker <= 5;
  return (
    banker <= 2 ||
    (banker === 3 && playerThird !== 8) ||
    (banker === 4 && playerThird >= 2 && playerThird <= 7) ||
    (banker === 5 && playerThird >= 4 && playerThird <= 7) ||
    (banker === 6 && playerThird >= 6 && playerThird <= 7)
  );
}

/** Punto banco: a natural 8 or 9 stops the hand; the player draws on 0-5; the banker by the tableau. */
export const BACCARAT_DRAWS: DrawRules = {
  natural: (p, b) => p >= 8 || b >= 8,
  playerDraws: (p) => p <= 5,
  bankerDraws,
};

export type BaccaratHand = PointHand;

export const dealBaccarat = (rng: Rng, decks = 8): BaccaratHand => dealPoints(rng, decks, BACCARAT_DRAWS);

/** What a main bet returns in centavos (stake included): 0 when lost. */
export function baccaratReturn(bet: BaccaratBet, stake: number, hand: BaccaratHand): number {
  if (hand.winner === 'tie') return bet === 'tie' ? stake * 9 : stake;
  if (bet !== hand.winner) return 0;
  return bet === 'banker' ? stake + Math.floor((stake * 95) / 100) : stake * 2;
}

/** Exact chances of Player win, Banker win and Tie from a fresh shoe of `decks` decks. */
export function baccaratOdds(decks: number) {
  const odds = { player: 0, banker: 0, tie: 0 };
  for (const end of pointEnds(decks, BACCARAT_DRAWS)) odds[end.winner] += end.p;
  return odds;
}

export interface BaccaratConfig {
  decks: number;
  /** How the page deals: at table pace, fast, or squeezing the cards open. */
  pace: 'table' | 'speed' | 'squeeze';
  theme: string;
}

const oddsByDecks = new Map<number, ReturnType<typeof baccaratOdds>>();

/** The bets and their exact returns for a shoe of `decks` decks (the enumeration runs once per shoe size). */
export function baccaratBets(decks: number): Record<string, BetSpec> {
  const o = oddsByDecks.get(decks) ?? baccaratOdds(decks);
  oddsByDecks.set(decks, o);
  const pair = (4 * decks - 1) / (52 * decks - 1);
  return {
    player: { pays: 1, rtp: 2 * o.player + o.tie },
    banker: { pays: 0.95, rtp: 1.95 * o.banker + o.tie },
    tie: { pays: 8, rtp: 9 * o.tie },
    playerPair: { pays: 11, rtp: 12 * pair },
    bankerPair: { pays: 11, rtp: 12 * pair },
  };
}

const isPair = (cards: Card[]) => rankOf(cards[0] as Card) === rankOf(cards[1] as Card);

export const baccarat: EngineFamily<BaccaratConfig> = {
  key: 'baccarat',
  configs: {
    classic: { decks: 8, pace: 'table', theme: 'royal' },
    speed: { decks: 8, pace: 'speed', theme: 'neon' },
    squeeze: { decks: 8, pace: 'squeeze', theme: 'jade' },
  },
  create(config) {
    const bets = baccaratBets(config.decks);
    return chipTable<BaccaratHand>({
      rules: { bets, decks: config.decks, pace: config.pace, theme: config.theme },
      rtp: (bets.banker as BetSpec).rtp,
      hedges: [['player', 'banker']],
      defaultBet: 'banker',
      draw: (rng) => dealBaccarat(rng, config.decks),
      factor(bet, hand) {
        if (bet === 'playerPair') return isPair(hand.player) ? WIN(11) : LOSE;
        if (bet === 'bankerPair') return isPair(hand.banker) ? WIN(11) : LOSE;
        if (hand.winner === 'tie') return bet === 'tie' ? WIN(8) : PUSH;
        if (bet !== hand.winner) return LOSE;
        return WIN(bet === 'banker' ? 0.95 : 1);
      },
      describe: describePoints,
    });
  },
};

/**
 * What a baccarat page reads as `Game.rules` (the object `create` hands chipTable, plus what chipTable adds):
 * each bet's pays and exact return, the shoe and the pace the page deals at.
 */
export interface BaccaratRules {
  bets: Record<string, BetSpec>;
  decks: number;
  pace: BaccaratConfig['pace'];
  theme: string;
  maxBets: number;
  hedges: readonly (readonly string[])[];
}

/** A settled hand as the page gets it: the cards and totals, and what each bet returned (centavos). */
export type BaccaratOutcome = BaccaratHand & { returns: Record<string, number> };
