import type { EngineFamily } from './kinds';
import { type BetSpec, chipTable, exactRtp, LOSE, WIN } from './table';
import { allThrows, rollThree } from './threeDice';

/**
 * Sic bo: three dice. Small (4-10) and Big (11-17), Odd and Even pay 1:1 and lose on any triple; a total
 * pays 6:1 to 60:1; a single number pays 1:1, 2:1 or 3:1 as it shows on one, two or three dice; a
 * specific double 10:1; a two-dice combination 5:1; any triple 30:1; a specific triple 180:1.
 */
const TOTAL_PAYS: Record<number, number> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6 };
const totalPays = (total: number) => TOTAL_PAYS[total <= 10 ? total : 21 - total] as number;

/** A bet's return in hundredths for a throw of three dice. */
export function sicBoFactor(bet: string, dice: number[]): number {
  const sum = dice.reduce((a, b) => a + b, 0);
  const count = (face: number) => dice.filter((d) => d === face).length;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const [kind, a, b] = bet.split('-');
  const x = Number(a);
  const y = Number(b);
  switch (kind) {
    case 'small':
      return !triple && sum <= 10 ? WIN(1) : LOSE;
    case 'big':
      return !triple && sum >= 11 ? WIN(1) : LOSE;
    case 'odd':
      return !triple && sum % 2 === 1 ? WIN(1) : LOSE;
    case 'even':
      return !triple && sum % 2 === 0 ? WIN(1) : LOSE;
    case 'total':
      return sum === x ? WIN(totalPays(x)) : LOSE;
    case 'single':
      return count(x) ? WIN(count(x)) : LOSE;
    case 'double':
      return count(x) >= 2 ? WIN(10) : LOSE;
    case 'triple':
      return count(x) === 3 ? WIN(180) : LOSE;
    case 'anyTriple':
      return triple ? WIN(30) : LOSE;
    case 'combo':
      return count(x) && count(y) ? WIN(5) : LOSE;
    default:
      return LOSE;
  }
}

export function sicBoBets(): Record<string, BetSpec> {
  const pays: Record<string, number> = { small: 1, big: 1, odd: 1, even: 1, anyTriple: 30 };
  for (let t = 4; t <= 17; t++) pays[`total-${t}`] = totalPays(t);
  for (let f = 1; f <= 6; f++) {
    pays[`single-${f}`] = 1;
    pays[`double-${f}`] = 10;
    pays[`triple-${f}`] = 180;
    for (let g = f + 1; g <= 6; g++) pays[`combo-${f}-${g}`] = 5;
  }
  const bets: Record<string, BetSpec> = {};
  for (const [key, p] of Object.entries(pays))
    bets[key] = { pays: p, rtp: exactRtp(allThrows(), (dice) => sicBoFactor(key, dice)) };
  return bets;
}

/** A throw: the three dice (1 to 6) and their total. */
export interface SicBoThrow {
  dice: number[];
  total: number;
}

export interface SicBoConfig {
  theme: string;
}

export const sicBo: EngineFamily<SicBoConfig> = {
  key: 'sicBo',
  configs: { classic: { theme: 'macau' } },
  create(config) {
    const bets = sicBoBets();
    return chipTable<SicBoThrow>({
      rules: { bets, theme: config.theme },
      rtp: (bets.big as BetSpec).rtp,
      draws: () =>
        [...allThrows()].map(([dice, weight]) => [{ dice, total: dice.reduce((a, b) => a + b, 0) }, weight] as const),
      defaultBet: 'big',
      draw(rng) {
        const dice = rollThree(rng);
        return { dice, total: dice.reduce((a, b) => a + b, 0) };
      },
      factor: (bet, o) => sicBoFactor(bet, o.dice),
      describe: (o) => `Dice ${o.dice.join('-')} (total ${o.total})`,
    });
  },
};
