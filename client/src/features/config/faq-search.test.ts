import { describe, expect, it } from 'vitest';
import { type FaqItem, foldText, groupByCategory, searchFaq } from './faq-search';

const item = (id: number, category: string, question: string, answer: string): FaqItem => ({
  id,
  category,
  question,
  answer,
});

const ITEMS = [
  item(1, 'Account', 'How do I create an account?', 'Tap **Sign up** and enter a username.'),
  item(2, 'Withdrawals', 'What is the minimum withdrawal?', 'The minimum is 100 pesos.'),
  item(3, 'Deposits', 'How do I deposit?', 'Choose GCash or PayMaya; the minimum first deposit is 500.'),
  item(4, 'Rút tiền', 'Làm sao để rút tiền?', 'Đặt mật khẩu giao dịch trước.'),
];

describe('FAQ search', () => {
  it('folds case and Vietnamese accents (đ too)', () => {
    expect(foldText('Rút TIỀN')).toBe('rut tien');
    expect(foldText('Đặt')).toBe('dat');
  });

  it('keeps everything for an empty or blank query', () => {
    expect(searchFaq(ITEMS, '   ').map((m) => m.item.id)).toEqual([1, 2, 3, 4]);
  });

  it('needs every word, in any order, and finds accented text typed without accents', () => {
    expect(searchFaq(ITEMS, 'withdrawal minimum').map((m) => m.item.id)).toEqual([2]);
    expect(searchFaq(ITEMS, 'rut tien').map((m) => m.item.id)).toEqual([4]);
    expect(searchFaq(ITEMS, 'withdrawal gcash')).toEqual([]);
  });

  it('lists question matches first and marks answer-only matches to open them', () => {
    const matches = searchFaq(ITEMS, 'minimum');
    expect(matches.map((m) => [m.item.id, m.inAnswer])).toEqual([
      [2, false],
      [3, true],
    ]);
  });

  it('groups by category in first-seen order', () => {
    const groups = groupByCategory(searchFaq(ITEMS, 'minimum'));
    expect(groups.map(([category, list]) => [category, list.length])).toEqual([
      ['Withdrawals', 1],
      ['Deposits', 1],
    ]);
  });
});
