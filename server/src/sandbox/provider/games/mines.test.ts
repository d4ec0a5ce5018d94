import { describe, expect, it } from 'vitest';
import { GameRuleError } from './kinds';
import { MINES_CONFIGS, minesEngine, minesMultiplier, minesRtp } from './mines';
import { scripted, seeded } from './test-rng';

const c = MINES_CONFIGS.classic;
const engine = minesEngine(c);

describe('mines family', () => {
  it('prices each safe tile so that no way of playing returns more than the RTP', () => {
    expect(minesMultiplier(c, 1, 1)).toBe(101); // 0.97 x 25/24
    expect(minesMultiplier(c, 3, 2)).toBe(125); // 0.97 / (22/25 x 21/24) = 1.2597
    for (const config of Object.values(MINES_CONFIGS))
      for (let mines = 1; mines < 25; mines++)
        for (let safe = 1; safe <= 25 - mines; safe++) {
          const rtp = minesRtp(config, mines, safe);
          expect(rtp).toBeLessThanOrEqual(config.rtp + 1e-12);
          expect(rtp).toBeGreaterThan(config.rtp - 0.01);
        }
  });

  it('replays a round from a seed: mines drawn at start, reveals pure, pays the multiplier', () => {
    const start = engine.start(seeded(5), { stake: 1000, mines: 3 });
    expect(engine.start(seeded(5), { stake: 1000, mines: 3 })).toEqual(start);
    expect(new Set(start.mines).size).toBe(3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !start.mines.includes(t));
    let s = engine.act(start, { type: 'reveal', tile: safe[0] as number });
    s = engine.act(s, { type: 'reveal', tile: safe[1] as number });
    expect(engine.view(s)).toMatchObject({ revealed: safe.slice(0, 2), status: 'playing', multiplier: 1.25 });
    expect(engine.view(s)).not.toHaveProperty('mines');
    s = engine.act(s, { type: 'cashout' });
    expect(engine.done(s)).toBe(true);
    expect(engine.settle(s)).toMatchObject({ win: 1250, outcome: { mines: start.mines, status: 'cashed' } });
  });

  it('loses everything on a mine', () => {
    // drawDistinct over 25 with tickets 0, 0, 0: mines at tiles 0, 1, 2.
    const s = engine.act(engine.start(scripted([0, 0, 0]), { stake: 1000, mines: 3 }), { type: 'reveal', tile: 1 });
    expect(engine.done(s)).toBe(true);
    expect(engine.settle(s)).toMatchObject({ win: 0, result: 'Hit a mine after 0 safe tiles' });
  });

  it('refuses a cash-out before the first tile (it would be turnover without risk) and illegal actions', () => {
    const s = engine.start(scripted([0, 0, 0]), { stake: 1000, mines: 3 });
    expect(() => engine.act(s, { type: 'cashout' })).toThrow('Reveal a tile before cashing out');
    const once = engine.act(s, { type: 'reveal', tile: 10 });
    expect(() => engine.act(once, { type: 'reveal', tile: 10 })).toThrow(GameRuleError);
    expect(() => engine.act(once, { type: 'reveal', tile: 25 })).toThrow(GameRuleError);
    const over = engine.act(once, { type: 'cashout' });
    expect(() => engine.act(over, { type: 'reveal', tile: 11 })).toThrow(GameRuleError);
    expect(engine.params.safeParse({ stake: 1000, mines: 25 }).success).toBe(false);
    expect(engine.action.safeParse({ type: 'dig', tile: 1 }).success).toBe(false);
  });
});
