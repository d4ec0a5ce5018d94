import { describe, expect, it } from 'vitest';
import { layWheel, moneyWheel } from './moneyWheel';
import { expectRejects, expectReplay, oneShotOf, scripted } from './test-rng';

describe('moneyWheel family', () => {
  it('lays 54 segments with each label spread round the wheel and exact returns', () => {
    const config = moneyWheel.configs.classic;
    if (!config) throw new Error('classic');
    const wheel = layWheel(config.segments);
    expect(wheel).toHaveLength(54);
    for (const s of config.segments) expect(wheel.filter((l) => l === s.label)).toHaveLength(s.count);
    // The two rarest labels never sit side by side.
    const pos = (label: string) => wheel.indexOf(label);
    expect(Math.abs(pos('joker') - pos('star'))).toBeGreaterThan(1);
    const engine = oneShotOf(moneyWheel, 'classic');
    const bets = (engine.rules as { bets: Record<string, { rtp: number }> }).bets;
    expect(bets['1']?.rtp).toBeCloseTo(52 / 54, 12);
    expect(bets.joker?.rtp).toBeCloseTo(51 / 54, 12);
    expect(engine.rtp).toBeCloseTo(52 / 54, 12);
  });

  it('pays the label the pointer stops on', () => {
    const engine = oneShotOf(moneyWheel, 'classic');
    const wheel = (engine.rules as { wheel: string[] }).wheel;
    const at = wheel.indexOf('25');
    const round = engine.play(scripted([at]), engine.params.parse({ bets: { '25': 200, '1': 1000 } }));
    expect(round.outcome).toMatchObject({ segment: at, label: '25' });
    expect(round.win).toBe(200 * 26);
  });

  it('replays a spin and refuses labels that are not on the wheel', () => {
    expectReplay(oneShotOf(moneyWheel, 'classic'), { bets: { '3': 1000 } });
    expectRejects(oneShotOf(moneyWheel, 'classic'), { bets: { '2': 100 } });
  });
});
