import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POKER_DECK } from '../../../../shared/contract/mall';
import { param, prepareQuery } from '../../db/builder';
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
  const odds = prepareQuery(db, (b) =>
    b
      .insertInto('poker_odds')
      .values({ card: param<string>('card'), weight: param<number>('weight') })
      .onConflict((c) => c.column('card').doUpdateSet((e) => ({ weight: e.ref('excluded.weight') }))),
  );
  for (const card of POKER_DECK) {
    const weight = seed.odds[cardClass(card)];
    if (!Number.isSafeInteger(weight) || weight <= 0) throw new Error(`poker.json: bad weight for ${card}`);
    await odds.run({ card, weight });
  }
  const setting = prepareQuery(db, (b) =>
    b
      .insertInto('poker_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((e) => ({ value: e.ref('excluded.value') }))),
  );
  await setting.run({ key: 'duplicateRewards', value: JSON.stringify(seed.duplicateRewards) });
  await setting.run({ key: 'grandPrizeTurnoverMultiple', value: JSON.stringify(seed.grandPrizeTurnoverMultiple) });
  await setting.run({ key: 'feedSize', value: JSON.stringify(seed.feedSize) });
}
