import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, LOSE, WIN } from './table';

/**
 * The money wheel of the perya (a big-six wheel): 54 segments; bet on a segment label and win its pay when
 * the pointer stops on one. Each label's return is count x (pays + 1) / 54.
 */
export interface WheelSegment {
  label: string;
  count: number;
  pays: number;
}

export interface MoneyWheelConfig {
  segments: WheelSegment[];
  theme: string;
}

/** Where the wheel stopped: the segment's index round the wheel and its label. */
export interface MoneyWheelStop {
  segment: number;
  label: string;
}

/** The rules sent to the page (chipTable adds maxBets and coverMiss): the labels in order round the wheel. */
export interface MoneyWheelRules {
  bets: Record<string, BetSpec>;
  wheel: string[];
  theme: string;
}

/**
 * Lays the segments round the wheel, each label spread evenly: sorted by evenly spaced positions, each
 * label's phase a little later than the one before so that labels of one segment each never meet.
 */
export function layWheel(segments: WheelSegment[]): string[] {
  const size = segments.reduce((sum, s) => sum + s.count, 0);
  const slots: [number, string][] = [];
  segments.forEach((s, i) => {
    const phase = (i + 1) / (segments.length + 1);
    for (let k = 0; k < s.count; k++) slots.push([((k + phase) * size) / s.count, s.label]);
  });
  return slots.sort((a, b) => a[0] - b[0]).map(([, label]) => label);
}

export const moneyWheel: EngineFamily<MoneyWheelConfig> = {
  key: 'moneyWheel',
  configs: {
    classic: {
      theme: 'perya',
      segments: [
        { label: '1', count: 26, pays: 1 },
        { label: '3', count: 13, pays: 3 },
        { label: '6', count: 7, pays: 6 },
        { label: '12', count: 4, pays: 12 },
        { label: '25', count: 2, pays: 25 },
        { label: 'joker', count: 1, pays: 50 },
        { label: 'star', count: 1, pays: 50 },
      ],
    },
  },
  create(config) {
    const wheel = layWheel(config.segments);
    const bets: Record<string, BetSpec> = {};
    for (const s of config.segments) bets[s.label] = { pays: s.pays, rtp: (s.count * (s.pays + 1)) / wheel.length };
    return chipTable<MoneyWheelStop>({
      rules: { bets, wheel, theme: config.theme } satisfies MoneyWheelRules,
      rtp: (bets[(config.segments[0] as WheelSegment).label] as BetSpec).rtp,
      draws: () => wheel.map((label, segment) => [{ segment, label }, 1] as const),
      defaultBet: (config.segments[0] as WheelSegment).label,
      draw(rng) {
        const segment = rng.int(wheel.length);
        return { segment, label: wheel[segment] as string };
      },
      factor: (bet, o) => (bet === o.label ? WIN((bets[bet] as BetSpec).pays) : LOSE),
      describe: (o) => `Wheel stops on ${o.label}`,
    });
  },
};
