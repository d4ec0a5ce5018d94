/**
 * The table kit's contract (kit/tablekit): what the table families' pages use to draw a chip-bet felt and
 * to drive a stepped round. The pays and RTPs come from the server's rules (`Game.rules.bets`, the very
 * object the server pays from, see games/table.ts), never written on a page.
 */
import type { BetSpec } from '../../../games/table';
import type { PlayBody, RoundAnswer, Vars } from '../types';

/** A chip table's rules as the server sends them (games/table.ts chipTable): the bets and the bet cap. */
export interface ChipTableRules {
  bets: Record<string, BetSpec>;
  /** MAX_CHIP_BETS of games/table.ts: the most different bets one round takes. */
  maxBets?: number;
}

/** Chips by bet name, in centavos. */
export type Chips = Record<string, number>;

/** A chip table's outcome: the family's draw plus what each bet returned (centavos, stake included). */
export type TableOutcome<O> = O & { returns?: Record<string, number> };

/** One spot on the felt: a button placing the bet `bet`. */
export interface ChipSpot {
  bet: string;
  label: string;
  className?: string;
  short?: string;
  /** No "n:1" line on the spot (the colour game's colours pay by how many dice show them). */
  noPays?: boolean;
}

/** A row of the payouts table in the "How to play" sheet. */
export interface PaytableRow {
  bet: string;
  label: string;
  /** Written instead of the bet's "n:1". */
  paysText?: string;
}

/** A drawn spot: its button, the amount on it, its label. */
export interface SpotNode {
  button: HTMLButtonElement;
  amount: HTMLSpanElement;
  label: string;
}

/** The drawn nodes of a chip table, given once to `layout` to rearrange. */
export interface ChipTableNodes {
  felt: HTMLElement;
  spots: Record<string, SpotNode>;
  history: HTMLElement;
  stage: HTMLElement;
  message: HTMLElement;
  chips: HTMLElement;
  actions: HTMLElement;
}

export interface ChipTableSpec<O> {
  /** Label key of the play button ('kitDeal' by default, or the family's). */
  action?: string;
  /** The spots in rows. */
  spots: readonly (readonly ChipSpot[])[];
  /** Rows of the sheet's payouts table (default: the spots). */
  paytable?: readonly PaytableRow[];
  /** The node drawn above the felt (the table's cards, dice, wheel). */
  stage(): Node;
  /** Draws the server's result on the stage. */
  play(outcome: TableOutcome<O>, answer: RoundAnswer<TableOutcome<O>>): Promise<void> | void;
  /** Clears the stage before a new round. */
  clear(): void;
  /** Short text for the history strip. */
  history(outcome: TableOutcome<O>): string;
  historyClass?(outcome: TableOutcome<O>): string;
  /** Label keys of the rule lines. */
  rules: readonly string[];
  /** Placeholders for the rule lines. */
  ruleVars?(): Vars;
  /**
   * For tables whose spots place other bets than their own (roulette's anchored bets): the bet key a tap on
   * spot `bet` places (null: none), instead of `bet` itself.
   */
  place?(bet: string, event: MouseEvent): string | null;
  /** Rearranges the drawn nodes once, after they are on the page. */
  layout?(nodes: ChipTableNodes): void;
  /** Called after every repaint, to draw bets that have no spot of their own. */
  painted?(placed: Readonly<Chips>, locked: boolean): void;
  /** Results kept in the history strip (default 14). */
  historySize?: number;
  /** An Undo button that takes back the last chip, clear or rebet, one step at a time. */
  undo?: boolean;
}

export interface ChipTable {
  /** The chips on the felt now (the table's own object). */
  placed: Chips;
  paint(): void;
}

export interface SteppedSpec<View, Outcome> {
  /** The result line (the kit writes the win, push or loss there once the round is settled). */
  message: HTMLElement;
  /** Repaints the family's controls after each answer. */
  paint(): void;
  /** While the round is open: its visible state. */
  onView(view: View, answer: RoundAnswer<Outcome, View>): Promise<void> | void;
  /** Once settled, before the result line is written and the casino frame told. */
  onDone(answer: RoundAnswer<Outcome, View>): Promise<void> | void;
}

export interface SteppedRound {
  /** A round is open (begun, not settled). */
  readonly open: boolean;
  /** Bets through Game.play: a stake, or dealer poker's ante (and Pair Plus). */
  begin(params: PlayBody): Promise<void>;
  /** One action through Game.act (nothing when no round is open). */
  act(action: unknown): Promise<void>;
}

export interface TableKit {
  /** Draws the chip-bet table (felt, chips, actions, history, sheet) and plays its rounds. */
  chipTable<O extends object>(spec: ChipTableSpec<O>): ChipTable;
  /** A card by its code ('QH', '10S'); face down without one. */
  card(code?: string | null, extra?: string): HTMLElement;
  /** A die showing `face` (1..6), or a colour die when `color` is given. */
  die(face: number, color?: string): HTMLElement;
  /** Appends nodes one by one (a short pop each; none with reduced motion). */
  reveal(container: Element, nodes: readonly Element[], gap?: number): Promise<void>;
  /** "n:1" in the player's language. */
  paysText(pays: number): string;
  /** 0..1 as "97.30%". */
  pct(x: number): string;
  /** The how-to-play sheet of a stepped table: rule lines, a table of rows under `head`, the RTP. */
  infoSheet(
    ruleKeys: readonly string[],
    rows: readonly (readonly string[])[],
    head: readonly string[],
    vars?: Vars,
  ): void;
  /** Drives one stepped round (blackjack, video poker, hi-lo, dealer poker). */
  stepped<View = unknown, Outcome = unknown>(spec: SteppedSpec<View, Outcome>): SteppedRound;
  /** A win of no more than the stake: the whole stake back (a push), or part of it. */
  pushText(answer: { win: number; stake: number }): string;
}
