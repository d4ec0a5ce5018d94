import { describe, expect, it } from 'vitest';
import { assertCentavos, formatCashReward, formatCentavos, formatPesos, toCentavos, toPesos } from './money';

describe('toCentavos', () => {
  it('converts pesos with at most two decimals exactly', () => {
    expect(toCentavos(19.99)).toBe(1999);
    expect(toCentavos(0)).toBe(0);
    expect(toCentavos(0.01)).toBe(1);
    expect(toCentavos(0.07)).toBe(7);
    expect(toCentavos(1.1)).toBe(110);
    expect(toCentavos(100)).toBe(10_000);
    expect(toCentavos(1234.5)).toBe(123_450);
    expect(toCentavos(4.35)).toBe(435);
    expect(toCentavos(1.15)).toBe(115);
    expect(toCentavos(250_000)).toBe(25_000_000);
    expect(toCentavos(99_999_999_999.99)).toBe(9_999_999_999_999);
  });

  it('reads text too, trimmed', () => {
    expect(toCentavos('19.99')).toBe(1999);
    expect(toCentavos('19.9')).toBe(1990);
    expect(toCentavos('19')).toBe(1900);
    expect(toCentavos(' 500.00 ')).toBe(50_000);
    expect(toCentavos('0.05')).toBe(5);
  });

  it('refuses float noise and more than two decimals', () => {
    expect(() => toCentavos(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toCentavos(1.005)).toThrow(RangeError);
    expect(() => toCentavos(19.999)).toThrow(RangeError);
    expect(() => toCentavos(0.001)).toThrow(RangeError);
    expect(() => toCentavos('19.999')).toThrow(RangeError);
  });

  it('refuses negatives, non-finite numbers and non-numbers', () => {
    for (const bad of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21]) {
      expect(() => toCentavos(bad), String(bad)).toThrow(RangeError);
    }
    for (const bad of ['-1', '', ' ', '1,000.00', '1e3', '0x10', '.5', '5.', '1.2.3', 'abc', '+5', '12345678901234']) {
      expect(() => toCentavos(bad), bad).toThrow(RangeError);
    }
  });
});

describe('toPesos', () => {
  it('turns integer centavos into pesos', () => {
    expect(toPesos(1999)).toBe(19.99);
    expect(toPesos(0)).toBe(0);
    expect(toPesos(5)).toBe(0.05);
    expect(toPesos(-150)).toBe(-1.5);
    expect(toPesos(123_456_789)).toBe(1_234_567.89);
  });

  it('round-trips with toCentavos', () => {
    for (const centavos of [0, 1, 7, 10, 99, 100, 1999, 4350, 123_456, 9_999_999]) {
      expect(toCentavos(toPesos(centavos))).toBe(centavos);
    }
  });

  it('refuses fractional or unsafe centavos', () => {
    expect(() => toPesos(1.5)).toThrow(RangeError);
    expect(() => toPesos(Number.NaN)).toThrow(RangeError);
    expect(() => toPesos(2 ** 53)).toThrow(RangeError);
    expect(() => assertCentavos(0.1)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('shows two decimals and thousands commas', () => {
    expect(formatCentavos(0)).toBe('0.00');
    expect(formatCentavos(5)).toBe('0.05');
    expect(formatCentavos(50)).toBe('0.50');
    expect(formatCentavos(100)).toBe('1.00');
    expect(formatCentavos(99_999)).toBe('999.99');
    expect(formatCentavos(100_000)).toBe('1,000.00');
    expect(formatCentavos(123_450)).toBe('1,234.50');
    expect(formatCentavos(123_456_789)).toBe('1,234,567.89');
    expect(formatCentavos(25_000_000)).toBe('250,000.00');
    expect(formatCentavos(100_000_000_000)).toBe('1,000,000,000.00');
  });

  it('puts a leading minus on negatives', () => {
    expect(formatCentavos(-5)).toBe('-0.05');
    expect(formatCentavos(-123_450)).toBe('-1,234.50');
    expect(formatCentavos(-100_000_000)).toBe('-1,000,000.00');
  });

  it('refuses non-integer centavos', () => {
    expect(() => formatCentavos(1.5)).toThrow(RangeError);
  });

  it('formats wire pesos and cash rewards', () => {
    expect(formatPesos(1234.5)).toBe('1,234.50');
    expect(formatPesos(19.99)).toBe('19.99');
    expect(formatPesos(0.1 + 0.2)).toBe('0.30');
    expect(formatPesos(-20)).toBe('-20.00');
    expect(formatCashReward(5000)).toBe('50.00P');
  });
});
