/**
 * A round's result in the player's language. The game provider (a third party, like any aggregator)
 * reports each round as one English line ("No win", "Rolled 42.17, under 49.50: win", "Banker wins 7-5;
 * bets banker 50.00"), and the casino adds its own ("In progress", "Refunded"). These are the phrases
 * they use: the client reads a line part by part ("; " separates them) and says each matched part with
 * `roundResult.<key>` in the player's language; a part no phrase matches is shown as written, so nothing
 * is ever lost. `round-result.test.ts` (server) plays every engine and checks each part it writes matches.
 */
export const ROUND_RESULT_PHRASES: readonly [key: string, pattern: RegExp][] = [
  // the casino's own
  ['inProgress', /^In progress$/],
  ['refunded', /^Refunded$/],
  ['scenario', /^scenario round$/],
  // slots
  ['noWin', /^No win$/],
  ['slotLine', /^(?<count>\d+) wins?, best (?<n>\d+)x (?<symbol>.+) on line (?<line>\d+)$/],
  ['slotWays', /^(?<count>\d+) wins?, best (?<n>\d+)x (?<symbol>.+) \((?<ways>\d+) ways\)$/],
  ['scatters', /^(?<count>\d+) scatters$/],
  ['freeSpins', /^(?<count>\d+) free spins x(?<x>[\d.]+)$/],
  ['bonus', /^(?<kind>pick|wheel) bonus (?<x>[\d.]+)x$/],
  // chip tables: the outcome, then the bets placed
  ['bets', /^bets (?<bets>.+)$/],
  ['pointsPlayer', /^Player (?<player>\d+) – Banker (?<banker>\d+), Player wins$/],
  ['pointsBanker', /^Player (?<player>\d+) – Banker (?<banker>\d+), Banker wins$/],
  ['pointsTie', /^Player (?<player>\d+) – Banker (?<banker>\d+), Tie$/],
  // the baccarat and lucky 9 lines written before issue 28 (still in older records)
  ['playerWins', /^Player wins (?<score>\d+-\d+)$/],
  ['bankerWins', /^Banker wins (?<score>\d+-\d+)$/],
  ['tieScore', /^Tie (?<score>\d+-\d+)$/],
  ['dragonTigerTie', /^Dragon (?<dragon>\S+), Tiger (?<tiger>\S+): Tie$/],
  ['dragonTiger', /^Dragon (?<dragon>\S+), Tiger (?<tiger>\S+): (?<side>dragon|tiger) wins$/],
  ['andarBahar', /^Joker (?<joker>\S+): (?<side>andar|bahar) wins after (?<count>\d+) cards$/],
  ['sicBo', /^Dice (?<dice>\d+-\d+-\d+) \(total (?<total>\d+)\)$/],
  ['colorGame', /^Dice (?<colors>[a-z]+(?:, [a-z]+)*)$/],
  ['fanTan', /^(?<count>\d+) beads: (?<result>\d+)$/],
  ['moneyWheel', /^Wheel stops on (?<label>.+)$/],
  ['roulette', /^(?<number>\d+) (?<color>red|black|green)$/],
  // card games
  ['blackjack', /^Blackjack: (?<outcome>win|push|loss)$/],
  ['blackjackBust', /^Bust (?<total>\d+): (?<outcome>win|push|loss)$/],
  ['blackjackDealerBlackjack', /^(?<total>\d+) vs dealer blackjack: (?<outcome>win|push|loss)$/],
  ['blackjackDealerBust', /^(?<total>\d+) vs dealer bust (?<dealer>\d+): (?<outcome>win|push|loss)$/],
  ['blackjackVs', /^(?<total>\d+) vs dealer (?<dealer>\d+): (?<outcome>win|push|loss)$/],
  ['blackjackDoubled', /^doubled$/],
  ['insurancePaid', /^insurance paid$/],
  ['insuranceLost', /^insurance lost$/],
  ['pokerFold', /^Fold: ante lost, call returned$/],
  ['pokerFoldAnte', /^Fold: ante lost$/],
  ['pairPlusWon', /^pair plus (?<stake>[\d.]+) won (?<win>[\d.]+)$/],
  ['pairPlusLost', /^pair plus (?<stake>[\d.]+) lost$/],
  ['pokerNotQualifying', /^(?<hand>[a-zA-Z]+) vs dealer (?<dealer>[a-zA-Z]+) \(not qualifying\): (?<outcome>\w+)$/],
  ['pokerVs', /^(?<hand>[a-zA-Z]+) vs dealer (?<dealer>[a-zA-Z]+): (?<outcome>\w+)$/],
  ['videoPoker', /^(?<cards>\S+(?: \S+){4}): (?<hand>[a-zA-Z]+)$/],
  ['hiLoCashed', /^Cashed out at (?<x>[\d.]+)x after (?<count>\d+) guesses$/],
  ['hiLoWrong', /^Wrong guess after (?<count>\d+) right$/],
  // arcade
  ['coinFlips', /^(?<flips>(?:heads|tails)(?:, (?:heads|tails))*)$/],
  ['coinCalled', /^called (?<side>heads|tails)$/],
  ['dice', /^Rolled (?<roll>[\d.]+), (?<side>over|under) (?<line>[\d.]+): (?<outcome>win|loss)$/],
  ['fishCaught', /^Caught the (?<fish>.+) \((?<x>[\d.]+)x\)$/],
  ['fishAway', /^The (?<fish>.+) \((?<x>[\d.]+)x\) got away$/],
  ['kenoWin', /^(?<count>\d+) of (?<picks>\d+) hit: (?<x>[\d.]+)x$/],
  ['keno', /^(?<count>\d+) of (?<picks>\d+) hit$/],
  ['limbo', /^Result (?<x>[\d.]+)x, target (?<target>[\d.]+)x$/],
  ['minesHit', /^Hit a mine after (?<count>\d+) safe tiles?$/],
  ['minesCashed', /^Cashed out at (?<x>[\d.]+)x after (?<count>\d+) safe tiles \((?<mines>\d+) mines\)$/],
  ['plinko', /^Bucket (?<bucket>\d+) of (?<of>\d+): (?<x>[\d.]+)x \((?<rows>\d+) rows, (?<risk>\w+) risk\)$/],
  ['raceBet', /^bet on (?<runner>.+) at (?<odds>[\d.]+)$/],
  ['raceWon', /^(?<runner>.+) won$/],
  ['scratchWin', /^Three of (?<x>\d+)x$/],
  ['scratchNone', /^No match$/],
  ['towerTrapped', /^Trapped on floor (?<floor>\d+) \((?<difficulty>\w+)\)$/],
  ['towerCashed', /^Cashed out at (?<x>[\d.]+)x on floor (?<floor>\d+) \((?<difficulty>\w+)\)$/],
  ['crashCashedOut', /^Cashed out at (?<target>[\d.]+)x$/],
  // a cash-out written before the shared round's fix (still in older records): it named the crash point
  ['crashCashed', /^Cashed out at (?<target>[\d.]+)x \(crashed at (?<x>[\d.]+)x\)$/],
  ['crashed', /^Crashed at (?<x>[\d.]+)x before (?<target>[\d.]+)x$/],
  ['sportsScore', /^(?<home>.+) (?<homeGoals>\d+)-(?<awayGoals>\d+) (?<away>.+)$/],
  ['sportsMarket', /^(?<market>home|draw|away|over|under) at (?<odds>[\d.]+)$/],
];

/** Values that are words (sides, colours, hands, outcomes, risks) said in the player's language. */
const WORD_VALUES: ReadonlySet<string> = new Set([
  'side',
  'color',
  'colors',
  'outcome',
  'hand',
  'dealer',
  'kind',
  'risk',
  'difficulty',
  'market',
  'flips',
]);

export interface RoundResultPart {
  /** The phrase's key (`roundResult.<key>` on the client); undefined when no phrase matches. */
  key?: string;
  /** The part as written. */
  text: string;
  /** The phrase's values; `words` are those to say in the player's language (sides, colours, hands, ...). */
  values: Record<string, string>;
  words: string[];
}

/** Splits a result line into its parts and matches each against the phrases. */
export function parseRoundResult(result: string): RoundResultPart[] {
  return result.split('; ').map((text) => {
    for (const [key, pattern] of ROUND_RESULT_PHRASES) {
      const match = pattern.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) if (value !== undefined) values[name] = value;
      return { key, text, values, words: Object.keys(values).filter((name) => WORD_VALUES.has(name)) };
    }
    return { text, values: {}, words: [] };
  });
}
