import { toCentavos } from '../../../../shared/money';
import type { GrantedReward } from '../reward/grant';

/** A reward as seed files and operators write it: cash in pesos, the rest in whole units. */
export interface RewardInput {
  type: 'cash' | 'point' | 'energy' | 'coupon';
  amount: number;
  coupon?: string | undefined;
  info?: string | undefined;
}

/** The server form of a written reward (cash to centavos). */
export function toGranted(r: RewardInput): GrantedReward {
  const info = r.info ? { info: r.info } : {};
  if (r.type === 'cash') return { type: 'cash', amount: toCentavos(r.amount), ...info };
  if (r.type === 'coupon') {
    if (!r.coupon) throw new Error('A coupon reward needs its template');
    return { type: 'coupon', amount: r.amount, coupon: r.coupon, info: r.info ?? r.coupon };
  }
  if (!Number.isSafeInteger(r.amount)) throw new Error(`${r.type} rewards are whole units, got ${r.amount}`);
  return { type: r.type, amount: r.amount, ...info };
}

/** `n` units of a reward: what an order of several units grants. */
export const timesReward = (r: GrantedReward, n: number): GrantedReward => ({ ...r, amount: r.amount * n });

export const parseRewards = (json: string) => JSON.parse(json) as GrantedReward[];
