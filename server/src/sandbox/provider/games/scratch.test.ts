import { describe, expect, it } from 'vitest';
import { SCRATCH_CONFIGS, scratchEngine, scratchRtp } from './scratch';
import { seeded } from './test-rng';

describe('scratch family', () => {
  it('writes the exact RTP of every card', () => {
    for (const c of Object.values(SCRATCH_CONFIGS)) expect(scratchRtp(c)).toBeCloseTo(c.rtp, 10);
  });

  it('lays out a card that shows the drawn prize and no other triple', () => {
    for (const c of Object.values(SCRATCH_CONFIGS)) {
      const engine = scratchEngine(c);
      const rng = seeded(77);
      for (let i = 0; i < 500; i++) {
        const round = engine.play(rng, { stake: 2000 });
        const { panels, prize } = round.outcome as { panels: number[]; prize: number };
        expect(panels).toHaveLength(9);
        const counts = new Map<number, number>();
        for (const p of panels) counts.set(p, (counts.get(p) ?? 0) + 1);
        const triples = [...counts].filter(([, n]) => n >= 3).map(([x]) => x);
        expect(triples).toEqual(prize > 0 ? [prize * 100] : []);
        expect(round.win).toBe(Math.floor(2000 * prize));
      }
      const a = engine.play(seeded(1), { stake: 1000 });
      expect(engine.play(seeded(1), { stake: 1000 })).toEqual(a);
    }
  });
});
