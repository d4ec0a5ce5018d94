import { POKER_SUITS } from '../../../../../shared/poker-deck';
import type { PokerCardData } from './poker-card';

/** "QH" -> { suit: hearts, rank: Q }, "RJ" -> the red joker (the feed carries codes only). */
export function cardFromCode(code: string): Pick<PokerCardData, 'suit' | 'rank'> {
  if (code === 'RJ') return { suit: 'joker', rank: 'red' };
  if (code === 'BJ') return { suit: 'joker', rank: 'black' };
  const suit = POKER_SUITS.find((s) => s[0]?.toUpperCase() === code.slice(-1)) ?? 'spades';
  return { suit, rank: code.slice(0, -1) as PokerCardData['rank'] };
}
