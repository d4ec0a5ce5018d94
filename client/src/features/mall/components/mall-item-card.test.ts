import { describe, expect, it } from 'vitest';
import { cardFromCode } from './card-code';
import { blockedReason, type MallItem, maxQuantity } from './mall-item-card';
import { isRedCard } from './poker-card';

const item = (over: Partial<MallItem> = {}): MallItem => ({
  id: 1,
  name: 'Cash',
  description: '',
  imageUrl: '/static/mall/cash-small.svg',
  price: 500,
  reward: { type: 'cash', amount: 10 },
  stock: null,
  perAccountLimit: null,
  exchanged: 0,
  minVip: 0,
  ...over,
});

describe('mall item rules on the client', () => {
  it('names the reason an item cannot be taken, the most final first', () => {
    expect(blockedReason(item(), 500, 0)).toBeNull();
    expect(blockedReason(item(), 499, 0)).toBe('points');
    expect(blockedReason(item({ perAccountLimit: 2, exchanged: 2 }), 9999, 0)).toBe('limit');
    expect(blockedReason(item({ minVip: 3, perAccountLimit: 1, exchanged: 1 }), 0, 2)).toBe('vip');
    expect(blockedReason(item({ stock: 0, minVip: 3 }), 0, 0)).toBe('soldOut');
  });

  it('bounds the quantity by stock, the limit left, the points and 99', () => {
    expect(maxQuantity(item(), 100_000)).toBe(99);
    expect(maxQuantity(item(), 1_499)).toBe(2);
    expect(maxQuantity(item({ stock: 1 }), 100_000)).toBe(1);
    expect(maxQuantity(item({ perAccountLimit: 5, exchanged: 3 }), 100_000)).toBe(2);
    expect(maxQuantity(item({ perAccountLimit: 5, exchanged: 5 }), 100_000)).toBe(0);
  });

  it('reads card codes of the feed', () => {
    expect(cardFromCode('10H')).toEqual({ suit: 'hearts', rank: '10' });
    expect(cardFromCode('AS')).toEqual({ suit: 'spades', rank: 'A' });
    expect(cardFromCode('RJ')).toEqual({ suit: 'joker', rank: 'red' });
    expect(isRedCard(cardFromCode('QD'))).toBe(true);
    expect(isRedCard(cardFromCode('BJ'))).toBe(false);
    expect(isRedCard(cardFromCode('7C'))).toBe(false);
  });
});
