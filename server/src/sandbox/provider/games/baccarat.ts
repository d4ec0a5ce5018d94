import { type Card, rankOf } from './cards';
import type { EngineFamily } from './kinds';
import { type DrawRules, dealPoints, describePoints, type PointHand, pointEnds } from './points';
import type { Rng } from './rng';
import { type BetSpec, chipTable, LOSE, PUSH, WIN } from './table';

/**
 * Baccarat (punto banco) from a freshly shuffled shoe each round, with the standard third-card rules.
 * Pays: Player 1:1, Banker 0.95:1, Tie 8:1 (Player and Banker push on a tie), Player Pair and Banker Pair
 * (the side's first two cards of one rank) 11:1. The configurations are the real tables' variants, each
 * with a paytable of its own (issue 28): `classic` the commission game above; `speed` No Commission (a
 * Banker win pays 1:1, except a Banker win on a total of 6, which pays 1:2); `squeeze` the commission game
 * with the Tie at 9:1. Pace and look come on top.
 */
export const BACCARAT_BETS = ['player', 'banker', 'tie'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
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

/**
 * Exact chances of Player win, Banker win and Tie from a fresh shoe of `decks` decks, and of a Banker win
 * on a total of 6 (`bankerSix`, part of `banker`: the hand No Commission pays 1:2).
 */
export function baccaratOdds(decks: number) {
  const odds = { player: 0, banker: 0, tie: 0, bankerSix: 0 };
  for (const end of pointEnds(decks, BACCARAT_DRAWS)) {
    odds[end.winner] += end.p;
    if (end.winner === 'banker' && end.bankerTotal === 6) odds.bankerSix += end.p;
  }
  return odds;
}

export interface BaccaratConfig {
  decks: number;
  /** How the page deals: at table pace, fast, or squeezing the cards open. */
  pace: 'table' | 'speed' | 'squeeze';
  theme: string;
  /** What a Banker win pays to one: 0.95 (the 5% commission) or 1 (No Commission). */
  bankerPays: number;
  /** No Commission's exception: what a Banker win on a total of 6 pays to one instead (0.5 = 1:2). */
  bankerSixPays?: number;
  /** What a Tie pays to one: 8 on most tables, 9 on some. */
  tiePays: number;
}

/** The table's paytable: what Banker, its win on a six, and Tie pay to one (the rest is fixed). */
export type BaccaratPays = Pick<BaccaratConfig, 'bankerPays' | 'bankerSixPays' | 'tiePays'>;

/** The commission game: Banker 0.95:1, Tie 8:1. */
export const COMMISSION: BaccaratPays = { bankerPays: 0.95, tiePays: 8 };

/** What a Banker win pays to one on this hand: the six's exception when the table has one. */
const bankerWinPays = (pays: BaccaratPays, bankerTotal: number) =>
  pays.bankerSixPays !== undefined && bankerTotal === 6 ? pays.bankerSixPays : pays.bankerPays;

const oddsByDecks = new Map<number, ReturnType<typeof baccaratOdds>>();

/**
 * The bets and their exact returns for a shoe of `decks` decks and a paytable (the enumeration runs once
 * per shoe size). With a six's exception, `banker.pays` is the usual pay and the rules say the exception.
 */
export function baccaratBets(decks: number, pays: BaccaratPays = COMMISSION): Record<string, BetSpec> {
  const o = oddsByDecks.get(decks) ?? baccaratOdds(decks);
  oddsByDecks.set(decks, o);
  const pair = (4 * decks - 1) / (52 * decks - 1);
  const six = pays.bankerSixPays ?? pays.bankerPays;
  return {
    player: { pays: 1, rtp: 2 * o.player + o.tie },
    banker: {
      pays: pays.bankerPays,
      rtp: (1 + pays.bankerPays) * (o.banker - o.bankerSix) + (1 + six) * o.bankerSix + o.tie,
    },
    tie: { pays: pays.tiePays, rtp: (1 + pays.tiePays) * o.tie },
    playerPair: { pays: 11, rtp: 12 * pair },
    bankerPair: { pays: 11, rtp: 12 * pair },
  };
}

const isPair = (cards: Card[]) => rankOf(cards[0] as Card) === rankOf(cards[1] as Card);

export const baccarat: EngineFamily<BaccaratConfig> = {
  key: 'baccarat',
  configs: {
    classic: { decks: 8, pace: 'table', theme: 'royal', ...COMMISSION },
    speed: { decks: 8, pace: 'speed', theme: 'neon', bankerPays: 1, bankerSixPays: 0.5, tiePays: 8 },
    squeeze: { decks: 8, pace: 'squeeze', theme: 'jade', bankerPays: 0.95, tiePays: 9 },
  },
  create(config) {
    const bets = baccaratBets(config.decks, config);
    return chipTable<BaccaratHand>({
      // bankerSixPays: null when the table has no six's exception (the page says the rule only with it)
      rules: {
        bets,
        decks: config.decks,
        pace: config.pace,
        theme: config.theme,
        bankerSixPays: config.bankerSixPays ?? null,
      },
      rtp: (bets.banker as BetSpec).rtp,
      hedges: [['player', 'banker']],
      defaultBet: 'banker',
      draw: (rng) => dealBaccarat(rng, config.decks),
      factor(bet, hand) {
        if (bet === 'playerPair') return isPair(hand.player) ? WIN(11) : LOSE;
        if (bet === 'bankerPair') return isPair(hand.banker) ? WIN(11) : LOSE;
        if (hand.winner === 'tie') return bet === 'tie' ? WIN(config.tiePays) : PUSH;
        if (bet !== hand.winner) return LOSE;
        return WIN(bet === 'banker' ? bankerWinPays(config, hand.bankerTotal) : 1);
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
  /** No Commission: what a Banker win on a total of 6 pays (0.5 = 1:2), or null on a commission table. */
  bankerSixPays: number | null;
  maxBets: number;
  hedges: readonly (readonly string[])[];
}

/** A settled hand as the page gets it: the cards and totals, and what each bet returned (centavos). */
export type BaccaratOutcome = BaccaratHand & { returns: Record<string, number> };
