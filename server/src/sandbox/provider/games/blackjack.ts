import { z } from 'zod';
import { type Card, deal, rankIndex, rankOf } from './cards';
import { type EngineFamily, GameRuleError, type SteppedEngine } from './kinds';
import { MAX_STAKE, stakeSchema } from './stake';

/**
 * Blackjack, stepped: a fresh 6-deck shoe per round, shuffled at start. The player gets two cards and the
 * dealer one up and one down. A dealer showing an ace first offers insurance (half the stake, pays 2:1),
 * then peeks; a dealer showing a ten peeks at once; a dealer blackjack ends the round. The player then
 * plays each hand in turn: hit, stand, double (one card, stake doubled, on a hand's first two cards, also
 * after a split) or split (two cards of equal rank, up to 4 hands; split aces get one card each and cannot
 * be split again). The dealer draws to 17 and stands on soft 17. Blackjack pays 3:2 (a split hand's 21 is
 * not a blackjack), a win 1:1, a tie pushes.
 *
 * Double, split and insurance each take a further stake: the provider takes it through the casino's wallet
 * (`raise`) before the action applies (`raiseOf`), and the round's total stake stays within the stake limit.
 */
export interface BlackjackConfig {
  decks: number;
  theme: string;
}

export interface BlackjackHand {
  cards: Card[];
  /** This hand's stake (centavos): the round's stake, twice it once doubled. */
  stake: number;
  doubled: boolean;
  /** Made by a split: its 21 is not a blackjack. */
  split: boolean;
  /** No more cards: stood, doubled, busted, 21, or a split ace. */
  done: boolean;
}

export interface BlackjackState {
  /** The stake of the round's first hand (centavos); each split hand and a double take as much again. */
  stake: number;
  shoe: Card[];
  next: number;
  hands: BlackjackHand[];
  /** The hand being played. */
  active: number;
  dealer: Card[];
  /** The insurance taken (centavos, 0 for none). */
  insurance: number;
  phase: 'insurance' | 'player' | 'done';
}

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'decline'] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];

/** What the page reads as `Game.rules`. */
export interface BlackjackRules {
  decks: number;
  blackjackPays: number;
  dealerStandsOnSoft17: boolean;
  double: string;
  split: { maxHands: number; splitAces: string; sameRankOnly: boolean };
  insurance: { stake: number; pays: number };
  theme: string;
}

/** A hand as the page sees it mid-round; `win` (its return, centavos) once the round is over. */
export interface BlackjackViewHand {
  cards: Card[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  done: boolean;
  win?: number;
}

/** What the page may see of an open round (`view`): no hole card. */
export interface BlackjackView {
  hands: BlackjackViewHand[];
  active: number;
  player: Card[];
  playerTotal: number;
  soft: boolean;
  dealer: Card[];
  dealerTotal: number;
  holeCard: boolean;
  insurance: number;
  stake: number;
  phase: BlackjackState['phase'];
  actions: BlackjackAction[];
  costs: { double: number; split: number; insurance: number };
}

/** A settled round as the page gets it: each hand with its return, the dealer's cards, the stakes. */
export interface BlackjackOutcome {
  hands: { cards: Card[]; total: number; stake: number; doubled: boolean; win: number }[];
  dealer: Card[];
  dealerTotal: number;
  insurance: number;
  stake: number;
}

/** Most hands a round may be split into. */
export const MAX_HANDS = 4;

const cardPoints = (card: Card) => Math.min(10, rankIndex(card)) || 0;

/** A hand's best total and whether an ace still counts 11 (soft). */
export function handValue(cards: Card[]) {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const points = cardPoints(card);
    total += points;
    if (points === 1) aces++;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

const isBlackjack = (cards: Card[]) => cards.length === 2 && handValue(cards).total === 21;
/** A natural: the two first cards of an unsplit hand making 21. */
const natural = (hand: BlackjackHand) => !hand.split && isBlackjack(hand.cards);

/** Everything the round has staked (centavos): the hands and the insurance. */
export const totalStake = (state: BlackjackState) =>
  state.hands.reduce((sum, hand) => sum + hand.stake, 0) + state.insurance;

const insuranceOf = (state: BlackjackState) => Math.floor(state.stake / 2);

/** The further stake an action takes (centavos): double and split the round's stake, insurance half of it. */
export function raiseOf(state: BlackjackState, action: BlackjackAction): number {
  if (action === 'double' || action === 'split') return state.stake;
  if (action === 'insurance') return insuranceOf(state);
  return 0;
}

/** The actions the rules allow now, within the stake limit over the round's total stake. */
export function allowedActions(state: BlackjackState): BlackjackAction[] {
  const room = MAX_STAKE - totalStake(state);
  if (state.phase === 'insurance')
    return insuranceOf(state) > 0 && insuranceOf(state) <= room ? ['insurance', 'decline'] : ['decline'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active] as BlackjackHand;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  const pair = hand.cards.length === 2;
  if (pair && state.stake <= room) actions.push('double');
  if (
    pair &&
    state.hands.length < MAX_HANDS &&
    rankOf(hand.cards[0] as Card) === rankOf(hand.cards[1] as Card) &&
    state.stake <= room
  )
    actions.push('split');
  return actions;
}

function dealerPlays(state: BlackjackState): BlackjackState {
  // Every hand busted: the dealer only turns the hole card.
  if (state.hands.every((hand) => handValue(hand.cards).total > 21)) return { ...state, phase: 'done' };
  const dealer = [...state.dealer];
  let next = state.next;
  while (handValue(dealer).total < 17) dealer.push(state.shoe[next++] as Card);
  return { ...state, dealer, next, phase: 'done' };
}

/**
 * Moves to the next hand still to play, dealing a split hand its second card when it comes up (a hand that
 * reaches 21 is done); once none is left, the dealer plays.
 */
function advance(state: BlackjackState): BlackjackState {
  const hands = state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] }));
  let next = state.next;
  for (let i = 0; i < hands.length; i++) {
    const hand = hands[i] as BlackjackHand;
    if (hand.done) continue;
    if (hand.cards.length === 1) hand.cards.push(state.shoe[next++] as Card);
    if (handValue(hand.cards).total >= 21) {
      hand.done = true;
      continue;
    }
    return { ...state, hands, next, active: i, phase: 'player' };
  }
  return dealerPlays({ ...state, hands, next, active: hands.length - 1 });
}

/** The dealer peeks (after the insurance decision when showing an ace): a blackjack, or a natural, ends the round. */
function peek(state: BlackjackState): BlackjackState {
  if (isBlackjack(state.dealer) || natural(state.hands[0] as BlackjackHand)) return { ...state, phase: 'done' };
  return { ...state, phase: 'player' };
}

/** One hand's return in centavos (stake included) against the dealer's final cards. */
function handReturn(hand: BlackjackHand, dealer: Card[]) {
  const p = handValue(hand.cards).total;
  const d = handValue(dealer).total;
  if (natural(hand)) return isBlackjack(dealer) ? hand.stake : hand.stake + Math.floor((hand.stake * 3) / 2);
  if (isBlackjack(dealer) || p > 21) return 0;
  if (d > 21 || p > d) return hand.stake * 2;
  return p === d ? hand.stake : 0;
}

/** The round's return in centavos (stakes included): every hand, and the insurance (3x when the dealer has blackjack). */
export function blackjackReturn(state: BlackjackState) {
  const hands = state.hands.reduce((sum, hand) => sum + handReturn(hand, state.dealer), 0);
  return hands + (isBlackjack(state.dealer) ? state.insurance * 3 : 0);
}

const upValue = (card: Card) => (cardPoints(card) === 1 ? 11 : cardPoints(card));

/**
 * The basic strategy of this game (6 decks, dealer stands on soft 17, double after split, no surrender,
 * split to 4 hands), never insurance. `canDouble` and `canSplit` say what the hand allows now; where the
 * chart doubles but doubling is not allowed, it hits (stands on soft 18).
 */
export function basicStrategy(
  player: Card[],
  dealerUp: Card,
  can: { double?: boolean; split?: boolean } = {},
): 'hit' | 'stand' | 'double' | 'split' {
  const up = upValue(dealerUp);
  const { total, soft } = handValue(player);
  if (can.split && player.length === 2 && rankOf(player[0] as Card) === rankOf(player[1] as Card)) {
    const pair = cardPoints(player[0] as Card);
    const split =
      pair === 1 ||
      pair === 8 ||
      (pair === 9 && up !== 7 && up <= 9) ||
      (pair === 7 && up <= 7) ||
      (pair === 6 && up <= 6) ||
      (pair === 4 && (up === 5 || up === 6)) ||
      ((pair === 2 || pair === 3) && up <= 7);
    if (split) return 'split';
  }
  const double = can.double === true && player.length === 2;
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (up >= 3 && up <= 6) return double ? 'double' : 'stand';
      return up <= 8 ? 'stand' : 'hit';
    }
    const from = total === 17 ? 3 : total >= 15 ? 4 : 5;
    return double && up >= from && up <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return double && up <= 10 ? 'double' : 'hit';
  if (total === 10) return double && up <= 9 ? 'double' : 'hit';
  if (total === 9) return double && up >= 3 && up <= 6 ? 'double' : 'hit';
  return 'hit';
}

/** The basic strategy's move in a round's state (insurance declined). */
export function strategyOf(state: BlackjackState): BlackjackAction {
  if (state.phase === 'insurance') return 'decline';
  const allowed = allowedActions(state);
  const hand = state.hands[state.active] as BlackjackHand;
  return basicStrategy(hand.cards, state.dealer[0] as Card, {
    double: allowed.includes('double'),
    split: allowed.includes('split'),
  });
}

/**
 * The round as the records say it: one part per hand ("; " between them), each in the phrases the client
 * translates (shared/round-result.ts): "Blackjack: win", "Bust 23: loss", "17 vs dealer 20: push"..., a
 * doubled hand followed by "doubled", and the insurance's fate last ("insurance paid", "insurance lost").
 */
function settleText(state: BlackjackState) {
  const d = handValue(state.dealer).total;
  const dealer = isBlackjack(state.dealer) ? 'dealer blackjack' : d > 21 ? `dealer bust ${d}` : `dealer ${d}`;
  const parts = state.hands.flatMap((h) => {
    const p = handValue(h.cards).total;
    const back = handReturn(h, state.dealer);
    const how = back > h.stake ? 'win' : back === h.stake ? 'push' : 'loss';
    const said = natural(h) ? `Blackjack: ${how}` : p > 21 ? `Bust ${p}: ${how}` : `${p} vs ${dealer}: ${how}`;
    return h.doubled ? [said, 'doubled'] : [said];
  });
  if (state.insurance > 0) parts.push(isBlackjack(state.dealer) ? 'insurance paid' : 'insurance lost');
  return parts.join('; ');
}

export function blackjackEngine(
  config: BlackjackConfig,
): SteppedEngine<{ stake: number }, BlackjackState, BlackjackAction> {
  return {
    kind: 'stepped',
    params: z.strictObject({ stake: stakeSchema }),
    action: z.enum(BLACKJACK_ACTIONS),
    stakeOf: (p) => p.stake,
    rules: {
      decks: config.decks,
      blackjackPays: 1.5,
      dealerStandsOnSoft17: true,
      double: 'any first two cards, also after a split',
      split: { maxHands: MAX_HANDS, splitAces: 'one card each, no resplit', sameRankOnly: true },
      insurance: { stake: 0.5, pays: 2 },
      theme: config.theme,
    } satisfies BlackjackRules,
    // Measured, not computed: `npm run rtp` played 1,000,000 rounds by basicStrategy (doubles and splits,
    // never insurance): 99.59% of the first stake, what came back less the further stakes (standard error
    // 0.12 points: sd 1.15 per round). The usual figure for 6 decks, S17, DAS, no surrender is about 99.6%.
    rtp: 0.9959,
    start(rng, params) {
      const shoe = deal(rng, config.decks, 52 * config.decks);
      const hand: BlackjackHand = {
        cards: [shoe[0], shoe[2]] as Card[],
        stake: params.stake,
        doubled: false,
        split: false,
        done: false,
      };
      const dealer = [shoe[1], shoe[3]] as Card[];
      const state: BlackjackState = {
        stake: params.stake,
        shoe,
        next: 4,
        hands: [hand],
        active: 0,
        dealer,
        insurance: 0,
        phase: 'player',
      };
      if (rankOf(dealer[0] as Card) === 'A') return { ...state, phase: 'insurance' };
      return peek(state);
    },
    act(state, action) {
      if (state.phase === 'done') throw new GameRuleError('The hand is over');
      if (!allowedActions(state).includes(action)) {
        if (state.phase === 'insurance') throw new GameRuleError('Take insurance or decline it first');
        if (action === 'insurance' || action === 'decline')
          throw new GameRuleError('Insurance is offered only before the first move, when the dealer shows an ace');
        if (action === 'double') throw new GameRuleError('Double only on a hand’s first two cards');
        if (action === 'split') throw new GameRuleError('Split only a pair of equal rank, up to 4 hands');
        throw new GameRuleError('This move is not allowed now');
      }
      if (action === 'insurance') return peek({ ...state, insurance: insuranceOf(state) });
      if (action === 'decline') return peek(state);
      const hands = state.hands.map((h) => ({ ...h, cards: [...h.cards] }));
      const hand = hands[state.active] as BlackjackHand;
      let next = state.next;
      if (action === 'stand') hand.done = true;
      else if (action === 'hit') {
        hand.cards.push(state.shoe[next++] as Card);
        if (handValue(hand.cards).total >= 21) hand.done = true;
      } else if (action === 'double') {
        hand.cards.push(state.shoe[next++] as Card);
        hand.stake += state.stake;
        hand.doubled = true;
        hand.done = true;
      } else {
        // split: each card starts a hand; split aces get one card each and are done.
        const [first, second] = hand.cards as [Card, Card];
        const aces = rankOf(first) === 'A';
        const a: BlackjackHand = { cards: [first], stake: state.stake, doubled: false, split: true, done: false };
        const b: BlackjackHand = { cards: [second], stake: state.stake, doubled: false, split: true, done: false };
        if (aces) {
          a.cards.push(state.shoe[next++] as Card);
          b.cards.push(state.shoe[next++] as Card);
          a.done = true;
          b.done = true;
        }
        hands.splice(state.active, 1, a, b);
      }
      return advance({ ...state, hands, next });
    },
    done: (state) => state.phase === 'done',
    raiseOf,
    finishAction: (state) => (state.phase === 'insurance' ? 'decline' : 'stand'),
    strategy: strategyOf,
    settle(state) {
      const win = blackjackReturn(state);
      return {
        win,
        result: settleText(state),
        outcome: {
          hands: state.hands.map((h) => ({
            cards: h.cards,
            total: handValue(h.cards).total,
            stake: h.stake,
            doubled: h.doubled,
            win: handReturn(h, state.dealer),
          })),
          dealer: state.dealer,
          dealerTotal: handValue(state.dealer).total,
          insurance: state.insurance,
          stake: totalStake(state),
        } satisfies BlackjackOutcome,
      };
    },
    view(state): BlackjackView {
      const open = state.phase === 'done';
      const dealer = open ? state.dealer : state.dealer.slice(0, 1);
      const active = state.hands[state.active] as BlackjackHand;
      return {
        hands: state.hands.map((h) => ({
          cards: h.cards,
          total: handValue(h.cards).total,
          soft: handValue(h.cards).soft,
          stake: h.stake,
          doubled: h.doubled,
          done: h.done,
          ...(open ? { win: handReturn(h, state.dealer) } : {}),
        })),
        active: state.active,
        // The active hand, as one-hand pages read it.
        player: active.cards,
        playerTotal: handValue(active.cards).total,
        soft: handValue(active.cards).soft,
        dealer,
        dealerTotal: handValue(dealer).total,
        holeCard: !open,
        insurance: state.insurance,
        stake: totalStake(state),
        phase: state.phase,
        actions: allowedActions(state),
        /** What each action would take as a further stake now (centavos). */
        costs: { double: state.stake, split: state.stake, insurance: insuranceOf(state) },
      };
    },
  };
}

export const blackjack: EngineFamily<BlackjackConfig> = {
  key: 'blackjack',
  configs: { classic: { decks: 6, theme: 'classic' } },
  create: blackjackEngine,
};
