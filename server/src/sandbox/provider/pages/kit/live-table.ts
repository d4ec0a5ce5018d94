import type { TableDraw } from '../../engine';
import { el, fill } from './dom';
import { t } from './strings';

/** A drawn cycle's facts as the roads read them (each family's facts; only these keys are read here). */
type Facts = {
  winner?: unknown;
  player?: unknown;
  banker?: unknown;
  playerTotal?: unknown;
  bankerTotal?: unknown;
  number?: unknown;
  total?: unknown;
  label?: unknown;
  dice?: unknown;
  beads?: unknown;
  result?: unknown;
};
const factsOf = (d: Pick<TableDraw, 'facts'>): Facts =>
  d.facts && typeof d.facts === 'object' ? (d.facts as Facts) : {};

interface RoadCell {
  winner: string;
  ties: number;
  p: boolean;
  b: boolean;
}

/**
 * A side's label in the player's language: the kit's (side_<name>), else the page's own label of that name
 * (a wheel's Joker, a colour), else the name itself.
 */
export function sideName(side: string) {
  const key = `side_${side}`;
  const text = t(key);
  if (text !== key) return text;
  const own = t(side);
  return own === side ? side : own;
}

/**
 * A drawn round told in the player's language from its facts (the server's line, `result`, is English: it
 * is the provider's record), or that line when the facts are not the family's.
 */
export function drawText(family: string, d: Pick<TableDraw, 'result' | 'facts'>): string {
  const f = factsOf(d);
  const won = (side: unknown) => (side === 'tie' ? sideName('tie') : t('drawWins', { side: sideName(String(side)) }));
  if ((family === 'baccarat' || family === 'lucky9') && f.winner && f.playerTotal !== undefined)
    return t('drawPoints', { player: String(f.playerTotal), banker: String(f.bankerTotal), winner: won(f.winner) });
  if ((family === 'dragonTiger' || family === 'andarBahar') && f.winner) return won(f.winner);
  if (family === 'moneyWheel' && f.label !== undefined) return t('drawWheel', { label: sideName(String(f.label)) });
  if (family === 'roulette' && typeof f.number === 'number') {
    const color = f.number === 0 ? 'green' : /\b(red|black)$/.exec(d.result)?.[1];
    return color ? `${f.number} ${sideName(color)}` : String(f.number);
  }
  if (family === 'sicBo' && Array.isArray(f.dice))
    return t('drawDice', { dice: f.dice.join('-'), total: String(f.total) });
  if (family === 'colorGame' && Array.isArray(f.dice))
    return t('drawColors', { colors: f.dice.map((c) => sideName(String(c))).join(', ') });
  if (family === 'fanTan' && f.beads !== undefined)
    return t('drawBeads', { beads: String(f.beads), result: String(f.result) });
  return d.result;
}

/**
 * A shared table's live panel: the dealer scene (a dealer at the table, dealing cards, spinning the ball or
 * shaking the dice while the round is drawn) and the table's history from the server: baccarat's big road
 * and bead road, roulette's and sic bo's last results with hot and cold numbers, the others' last results.
 */
export function liveTable(family: string) {
  const svgNs = 'http://www.w3.org/2000/svg';
  const dealer = document.createElement('div');
  dealer.className = `g-dealer g-dealer-${family}`;
  dealer.setAttribute('role', 'img');
  dealer.setAttribute('aria-label', t('dealer'));
  const prop =
    (
      {
        baccarat: 'cards',
        dragonTiger: 'cards',
        andarBahar: 'cards',
        lucky9: 'cards',
        roulette: 'wheel',
        moneyWheel: 'wheel',
        sicBo: 'dice',
        colorGame: 'dice',
        fanTan: 'dice',
      } as Record<string, 'cards' | 'wheel' | 'dice'>
    )[family] || 'cards';
  const props = {
    cards:
      '<g class="gd-cards"><rect class="gd-card gd-c1" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c2" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c3" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c4" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-shoe" x="160" y="66" width="26" height="18" rx="3"/></g>',
    wheel:
      '<g class="gd-wheel" transform="translate(196 78)"><circle r="24" class="gd-rim"/><g class="gd-spin"><circle r="18" class="gd-pockets"/><path d="M0-18V18M-18 0H18M-13-13L13 13M13-13L-13 13" class="gd-spokes"/></g><g class="gd-ball-orbit"><circle cx="0" cy="-21" r="3" class="gd-ball"/></g></g>',
    dice: '<g class="gd-shaker" transform="translate(196 82)"><path d="M-20 8h40l-6-30h-28z" class="gd-cup"/><g class="gd-dice"><rect x="-16" y="10" width="9" height="9" rx="2"/><rect x="-4" y="10" width="9" height="9" rx="2"/><rect x="8" y="10" width="9" height="9" rx="2"/></g></g>',
  };
  dealer.innerHTML = `<svg class="gd-svg" viewBox="0 0 240 104" xmlns="${svgNs}" aria-hidden="true" focusable="false">
    <rect class="gd-wall" x="0" y="0" width="240" height="104"/>
    <path class="gd-felt" d="M0 86 Q120 64 240 86 V104 H0z"/>
    <g class="gd-figure">
      <path class="gd-body" d="M92 86 q0-30 28-32 q28 2 28 32z"/>
      <path class="gd-vest" d="M112 56 l8 16 l8-16 l6 30 h-28z"/>
      <path class="gd-tie" d="M114 56 l6 4 l6-4 l-2 6 l-4-2 l-4 2z"/>
      <circle class="gd-head" cx="120" cy="38" r="13"/>
      <path class="gd-hair" d="M107 36 q2-16 13-16 q12 0 13 16 q-5-8-13-8 q-9 0-13 8z"/>
      <circle class="gd-eye" cx="115" cy="39" r="1.4"/><circle class="gd-eye" cx="125" cy="39" r="1.4"/>
      <path class="gd-smile" d="M116 44 q4 3 8 0"/>
      <path class="gd-arm gd-arm-l" d="M96 74 q-6 8 4 12"/>
      <path class="gd-arm gd-arm-r" d="M144 70 q14 2 30 8"/>
    </g>
    ${props[prop]}
  </svg>`;
  const roads = el('div', { class: 'g-roads' });
  const node = el('section', { class: `g-live g-live-${family}` }, dealer, roads);

  function paint(draws: readonly TableDraw[]) {
    if (!draws.length) return fill(roads, el('p', { class: 'g-muted g-roads-empty', text: t('tableNoDraw2') }));
    if (family === 'baccarat') return fill(roads, bigRoad(draws), beadRoad(draws));
    if (family === 'roulette') return fill(roads, ...numbers(draws, (f) => f.number, rouletteClass, 37, 0));
    if (family === 'sicBo') return fill(roads, ...numbers(draws, (f) => f.total, sicBoClass, 16, 3));
    return fill(
      roads,
      el('h4', { text: t('lastResults') }),
      el(
        'div',
        { class: 'g-last' },
        ...draws
          .slice(-12)
          .reverse()
          .map((d) => el('span', { class: 'g-last-item', text: shortResult(d) })),
      ),
    );
  }

  const winnerLetter = (w: unknown) =>
    (({ player: 'P', banker: 'B', tie: 'T' }) as Record<string, string>)[String(w)] || '?';
  const rankOf = (card: unknown) => String(card).slice(0, -1);
  const pairs = (f: Facts) => ({
    p: Array.isArray(f.player) && f.player.length > 1 && rankOf(f.player[0]) === rankOf(f.player[1]),
    b: Array.isArray(f.banker) && f.banker.length > 1 && rankOf(f.banker[0]) === rankOf(f.banker[1]),
  });

  /**
   * The big road: a column per run of one winner (player or banker), down six rows, then turning right
   * along the bottom row when the column is full (the "dragon tail"); a tie is a mark on the last cell.
   */
  function bigRoad(draws: readonly TableDraw[]) {
    const cells = new Map<string, RoadCell>();
    let col = -1;
    let row = 0;
    let runCol = -1;
    let last: unknown = null;
    let lastCell: RoadCell | null = null;
    let leadingTies = 0;
    for (const d of draws) {
      const f = factsOf(d);
      if (f.winner === 'tie') {
        if (lastCell) lastCell.ties += 1;
        else {
          // Ties before the first Player or Banker hand: marked on the first cell, still empty.
          leadingTies += 1;
          cells.set('0,0', { winner: 'none', ties: leadingTies, p: false, b: false });
        }
        continue;
      }
      if (f.winner !== last) {
        runCol += 1;
        col = runCol;
        row = 0;
        last = f.winner;
      } else if (row < 5 && !cells.has(`${col},${row + 1}`)) row += 1;
      else col += 1;
      lastCell = { winner: String(f.winner), ties: leadingTies, ...pairs(f) };
      leadingTies = 0;
      cells.set(`${col},${row}`, lastCell);
    }
    const width = Math.max(16, ...[...cells.keys()].map((k) => Number(k.split(',')[0]) + 1));
    // The newest sixteen columns (what a 390 px screen has room for beside the dealer).
    const first = Math.max(0, width - 16);
    const grid = el('div', { class: 'g-road g-big-road', role: 'table', 'aria-label': t('bigRoad') });
    for (let r = 0; r < 6; r++)
      for (let c = first; c < width; c++) {
        const cell = cells.get(`${c},${r}`);
        grid.append(
          el(
            'i',
            {
              class: cell ? `gr-ring gr-${cell.winner}${cell.ties ? ' gr-tied' : ''}` : 'gr-empty',
              style: `grid-row:${r + 1};grid-column:${c - first + 1}`,
              title: cell ? `${sideName(cell.winner)}${cell.ties ? ` +${cell.ties} ${sideName('tie')}` : ''}` : '',
            },
            cell?.ties ? el('b', { class: 'gr-ties', text: cell.ties > 1 ? String(cell.ties) : '' }) : null,
            cell?.p ? el('u', { class: 'gr-pp' }) : null,
            cell?.b ? el('u', { class: 'gr-bp' }) : null,
          ),
        );
      }
    return el('div', { class: 'g-road-box' }, el('h4', { text: t('bigRoad') }), grid);
  }

  /** The bead road: every hand in order, six to a column, its winner's letter and colour. */
  function beadRoad(draws: readonly TableDraw[]) {
    // At most eight columns (under the dealer), the first one starting a column of the history (so beads
    // keep their cells).
    const shown = draws.slice(Math.max(0, Math.ceil((draws.length - 48) / 6) * 6));
    const grid = el('div', { class: 'g-road g-bead-road', role: 'table', 'aria-label': t('beadRoad') });
    shown.forEach((d, i) => {
      const w = factsOf(d).winner;
      grid.append(
        el('i', {
          class: `gr-bead gr-${w}`,
          style: `grid-row:${(i % 6) + 1};grid-column:${Math.floor(i / 6) + 1}`,
          text: winnerLetter(w),
          title: d.result,
        }),
      );
    });
    const count = (w: string) => draws.filter((d) => factsOf(d).winner === w).length;
    const counts = el(
      'div',
      { class: 'g-road-counts' },
      ...['player', 'banker', 'tie'].map((w) =>
        el('span', { class: `gr-count gr-${w}` }, el('i', { text: winnerLetter(w) }), String(count(w))),
      ),
    );
    return el('div', { class: 'g-road-box' }, el('h4', { text: t('beadRoad') }), grid, counts);
  }

  const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  const rouletteClass = (n: number) => (n === 0 ? 'gr-green' : RED.includes(n) ? 'gr-red' : 'gr-black');
  const sicBoClass = (n: number) => (n >= 11 ? 'gr-big' : 'gr-small');

  /** Last results newest first, then the hot (most drawn) and cold (least drawn) values over the history. */
  function numbers(
    draws: readonly TableDraw[],
    pick: (facts: Facts) => unknown,
    classOf: (n: number) => string,
    span: number,
    from: number,
  ) {
    const values = draws.map((d) => pick(factsOf(d))).filter((v): v is number => typeof v === 'number');
    const counts = new Map<number, number>();
    for (let v = from; v < from + span; v++) counts.set(v, 0);
    for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const ball = (v: number, extra?: string) =>
      el('span', { class: `gr-num ${classOf(v)}`, text: String(v), title: extra ?? '' });
    return [
      el('h4', { text: t('lastResults') }),
      el(
        'div',
        { class: 'g-last' },
        ...values
          .slice(-20)
          .reverse()
          .map((v) => ball(v)),
      ),
      el(
        'div',
        { class: 'g-hotcold' },
        el('span', { class: 'gr-hot', text: t('hot') }),
        ...ranked
          .filter(([, c]) => c > 0)
          .slice(0, 4)
          .map(([v, c]) => ball(v, `×${c}`)),
        el('span', { class: 'gr-cold', text: t('cold') }),
        ...ranked
          .slice(-4)
          .reverse()
          .map(([v, c]) => ball(v, `×${c}`)),
      ),
    ];
  }

  function shortResult(d: TableDraw) {
    const f = factsOf(d);
    if (family === 'dragonTiger') return sideName(String(f.winner));
    if (family === 'moneyWheel') return f.label === undefined ? d.result : sideName(String(f.label));
    if (family === 'colorGame' && Array.isArray(f.dice)) return f.dice.map((c) => sideName(String(c))).join(' · ');
    return d.result;
  }

  return { node, dealer, paint };
}
