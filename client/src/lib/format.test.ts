import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPoints, formatReward } from './format';

describe('format', () => {
  it('shows money with two decimals and thousands commas', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
  });

  it('shows points with thousands commas whatever the language, like money', () => {
    expect(formatPoints(1234567)).toBe('1,234,567');
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(undefined)).toBe('0');
  });

  it('shows cash rewards as amount followed by P and coupons as x amount', () => {
    expect(formatReward('cash', 50)).toBe('50.00P');
    expect(formatReward('coupon', 2)).toBe('x2');
    expect(formatReward('point', 30)).toBe('30');
  });

  it('formats dates per locale, in Manila time', () => {
    expect(formatDate('2026-01-31T18:00:00Z', 'en-US')).toBe('02/01/2026');
    expect(formatDate('2026-01-31T18:00:00Z', 'vi-VN')).toBe('01/02/2026');
  });
});
