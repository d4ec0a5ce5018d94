/**
 * The originals' rules sheet (coin flip, dice, limbo, mines, tower): the rules as a list, a table of pays or
 * chances, the return, the stake range and the fairness line. Each page gives its words and its table.
 */
import type { GameKit } from '../kit/types';
import './sheet.css';

export interface RulesSheet {
  /** One list item each: a text, or a node (a label in bold before its text). */
  rules: readonly (string | Node)[];
  /** The table's heading and its cells: a bold label and its value ("3 coins" "7.76×"). */
  table: { title: string; rows: readonly (readonly [label: string, value: string])[] };
  /** The return to player, 0 to 1. */
  rtp: number;
  /** The classes of the table and the notes: og-table, og-note (originals.css), or mines' own (mines.css). */
  prefix?: 'og' | 'mn';
  /** The sheet's own class (mines: mn-sheet). */
  className?: string;
}

/** A multiplier in hundredths as the tables write it: 776 → "7.76×". */
export const timesText = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

/** Opens the rules sheet (the kit's info button calls it: `G.setInfo(() => openRules(G, …))`). */
export function openRules(G: GameKit, sheet: RulesSheet): void {
  const { el, t, money } = G;
  const prefix = sheet.prefix ?? 'og';
  G.openSheet(
    t('rules'),
    el(
      'div',
      sheet.className ? { class: sheet.className } : {},
      el('ul', {}, ...sheet.rules.map((rule) => el('li', {}, rule))),
      el('h3', { text: sheet.table.title }),
      el(
        'div',
        { class: `${prefix}-table` },
        sheet.table.rows.map(([label, value]) => el('span', {}, el('b', { text: label }), ` ${value}`)),
      ),
      el('p', {}, el('strong', { text: `${t('rtp')}: ${(sheet.rtp * 100).toFixed(2)}%` })),
      el('p', { class: `${prefix}-note`, text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
      el('p', { class: `${prefix}-note`, text: t('fair') }),
    ),
  );
}
