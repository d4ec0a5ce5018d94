import { describe, expect, it } from 'vitest';
import { dayRangeQuery } from './day-range';

describe('date presets', () => {
  // 2026-11-20 23:30 in Manila is still the 20th there, though the 20th 15:30 UTC
  const now = new Date('2026-11-20T15:30:00Z');

  it('are Manila days, both ends included', () => {
    expect(dayRangeQuery('all', now)).toEqual({});
    expect(dayRangeQuery('today', now)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(dayRangeQuery('yesterday', now)).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expect(dayRangeQuery('week', now)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(dayRangeQuery('month', now)).toEqual({ from: '2026-10-22', to: '2026-11-20' });
  });

  it('roll over at Manila midnight, not UTC midnight', () => {
    expect(dayRangeQuery('today', new Date('2026-11-20T16:00:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-21' });
  });
});
