import { describe, expect, it } from 'vitest';
import { GameRuleError } from './kinds';
import { scripted, seeded } from './test-rng';
import { TOWER_CONFIGS, towerEngine, towerMultiplier, towerRtp } from './tower';

const c = TOWER_CONFIGS.temple;
const engine = towerEngine(c);

describe('tower family', () => {
  it('prices each floor so that no way of playing returns more than the RTP', () => {
    expect(towerMultiplier(c, 'hard', 1)).toBe(194);
    expect(towerMultiplier(c, 'easy', 2)).toBe(172); // 0.97 x (4/3)^2 = 1.7244
    for (const config of Object.values(TOWER_CONFIGS))
      for (const d of ['easy', 'medium', 'hard', 'expert'] as const)
        for (let f = 1; f <= config.levels; f++) {
          expect(towerRtp(config, d, f)).toBeLessThanOrEqual(config.rtp + 1e-12);
          expect(towerRtp(config, d, f)).toBeGreaterThan(config.rtp - 0.01);
        }
  });

  it('replays a climb from a seed and pays the floor reached', () => {
    const s0 = engine.start(seeded(11), { stake: 1000, difficulty: 'medium' });
    expect(engine.start(seeded(11), { stake: 1000, difficulty: 'medium' })).toEqual(s0);
    expect(s0.traps).toHaveLength(8);
    const safeDoor = (floor: number) => [0, 1, 2].find((d) => !s0.traps[floor]?.includes(d)) as number;
    let s = engine.act(s0, { type: 'pick', tile: safeDoor(0) });
    s = engine.act(s, { type: 'pick', tile: safeDoor(1) });
    expect(engine.view(s)).not.toHaveProperty('traps');
    s = engine.act(s, { type: 'cashout' });
    expect(engine.settle(s).win).toBe(Math.floor(1000 * (towerMultiplier(c, 'medium', 2) / 100)));
  });

  it('ends on a trap and refuses illegal actions', () => {
    // hard: one trap of two doors per floor; ticket 0 puts the trap on door 0 of every floor.
    const s = engine.start(scripted([]), { stake: 1000, difficulty: 'hard' });
    // Cashing out before the first floor would return the stake without risk: refused.
    expect(() => engine.act(s, { type: 'cashout' })).toThrow('Climb a floor before cashing out');
    expect(() => engine.act(s, { type: 'pick', tile: 2 })).toThrow(GameRuleError);
    const lost = engine.act(s, { type: 'pick', tile: 0 });
    expect(engine.settle(lost)).toMatchObject({ win: 0, outcome: { status: 'lost' } });
    expect(() => engine.act(lost, { type: 'pick', tile: 1 })).toThrow(GameRuleError);
  });
});
