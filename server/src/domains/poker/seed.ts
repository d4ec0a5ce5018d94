import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POKER_DECK } from '../../../../shared/contract/mall';
import { type Db, SEEDS_DIR } from '../../db/database';
import type { RewardInput } from '../mall/reward-input';

export type PokerCardClass = 'number' | 'face' | 'ace' | 'joker';

export interface PokerSeed {
  /** Relative draw weight of each card of a class. */
  odds: Record<PokerCardClass, number>;
  duplicateRewards: RewardInput[];
  grandPrizeTurnoverMultiple: number;
  feedSize: number;
}

export const readPokerSeed = (): PokerSeed =>
  JSON.parse(readFileSync(join(SEEDS_DIR, 'poker.json'), 'utf8')) as PokerSeed;

export function cardClass(card: string): PokerCardClass {
  if (card === 'RJ' || card === 'BJ') return 'joker';
  if (card.startsWith('A')) return 'ace';
  if (/^[JQK]/.test(card)) return 'face';
  return 'number';
}

/** The odds and settings follow the seed file at every start (it is their only source). */
export async function seedPoker(db: Db): Promise<void> {
  const seed = readPokerSeed();
  const odds = db.prepare(
    `INSERT INTO poker_odds (card, weight) VALUES (?, ?) ON CONFLICT (card) DO UPDATE SET weight = excluded.weight`,
  );
  for (const card of POKER_DECK) {
    const weight = seed.odds[cardClass(card)];
    if (!Number.isSafeInteger(weight) || weight <= 0) throw new Error(`poker.json: bad weight for ${card}`);
    await odds.run(card, weight);
  }
  const setting = db.prepare(
    'INSERT INTO poker_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  await setting.run('duplicateRewards', JSON.stringify(seed.duplicateRewards));
  await setting.run('grandPrizeTurnoverMultiple', JSON.stringify(seed.grandPrizeTurnoverMultiple));
  await setting.run('feedSize', JSON.stringify(seed.feedSize));
}
