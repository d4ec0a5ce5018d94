import type { z } from 'zod';
import type { faqItemSchema } from '../../../../shared/contract/config';

export type FaqItem = z.infer<typeof faqItemSchema>;

/** Lower case without accents, so "rut tien" finds "Rút tiền" and "KYC" finds "kyc". */
export const foldText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

export interface FaqMatch {
  item: FaqItem;
  /** The query was found in the answer only: open it so the player sees why it matched. */
  inAnswer: boolean;
}

/**
 * The questions matching a query: every word of it in the question, the answer or the category (any
 * order). An empty query keeps them all. Question matches come before answer-only ones, each in order.
 */
export function searchFaq(items: readonly FaqItem[], query: string): FaqMatch[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return items.map((item) => ({ item, inAnswer: false }));
  const titleHits: FaqMatch[] = [];
  const answerHits: FaqMatch[] = [];
  for (const item of items) {
    const title = foldText(`${item.category} ${item.question}`);
    const all = `${title} ${foldText(item.answer)}`;
    if (!words.every((w) => all.includes(w))) continue;
    if (words.every((w) => title.includes(w))) titleHits.push({ item, inAnswer: false });
    else answerHits.push({ item, inAnswer: true });
  }
  return [...titleHits, ...answerHits];
}

/** Matches grouped under their category, categories in the order they first appear. */
export function groupByCategory(matches: readonly FaqMatch[]): [string, FaqMatch[]][] {
  const groups = new Map<string, FaqMatch[]>();
  for (const match of matches) groups.set(match.item.category, [...(groups.get(match.item.category) ?? []), match]);
  return [...groups.entries()];
}
