import { describe, expect, it } from 'vitest';
import { PLINKO_CONFIGS, plinkoEngine, plinkoRtp } from './plinko';
import { scripted, seeded } from './test-rng';

describe('plinko family', () => {
  it('has the exact RTP on every table and writes the default table', () => {
    for (const c of Object.values(PLINKO_CONFIGS)) {
      for (const rows of ['8', '12', '16'] as const)
        for (const risk of ['low', 'medium', 'high'] as const) {
          const table = c.tables[rows][risk];
          expect(table).toHaveLength(Number(rows) + 1);
          expect(plinkoRtp(table)).toBeGreaterThan(0.985);
          expect(plinkoRtp(table)).toBeLessThan(0.995);
        }
      expect(plinkoRtp(c.tables[c.defaults.rows][c.defaults.risk])).toBeCloseTo(c.rtp, 4);
    }
  });

  it('drops the ball into the bucket of its rights and pays that bucket', () => {
    const engine = plinkoEngine(PLINKO_CONFIGS.classic);
    const round = engine.play(scripted([1, 1, 1, 1, 1, 1, 1, 1]), { stake: 1000, rows: '8', risk: 'high' });
    expect(round.outcome).toMatchObject({ bucket: 8, multiplier: 29 });
    expect(round.win).toBe(29_000);
    const a = engine.play(seeded(3), { stake: 1000, rows: '16', risk: 'low' });
    expect(engine.play(seeded(3), { stake: 1000, rows: '16', risk: 'low' })).toEqual(a);
    expect(engine.params.safeParse({ stake: 1000, rows: '10', risk: 'low' }).success).toBe(false);
  });
});
