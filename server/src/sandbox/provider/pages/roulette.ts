/*
 * European roulette: a drawn wheel, the result, the win and the last 20 numbers pinned on top; the chips,
 * the total, Undo, Clear, Rebet and Spin pinned at the bottom; between them a number grid with 44 px rows
 * (3 columns x 12 rows, 0 on top, columns at the bottom, dozens and even-money bets on the left) that
 * scrolls under the two, and a bet-type selector: with Split, Street, Corner or Six line chosen, a tapped
 * number places the bet of that type anchored at it (the bets and their pays are Game.rules.bets, see
 * games/roulette.ts).
 */
import type { RouletteRules, RouletteSpin } from '../games/roulette';
import { Game, type GameKit } from './kit/game';
import { type ChipSpot, type Chips, type ChipTableNodes, type SpotNode, TableKit } from './kit/tablekit';

type Color = 'red' | 'black' | 'green';
type BetType = 'straight' | 'split' | 'street' | 'corner' | 'line';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t, money } = G;
    G.addStrings(
      {
        spin: 'Spin',
        red: 'Red',
        black: 'Black',
        green: 'Green',
        odd: 'Odd',
        even: 'Even',
        low: '1–18',
        high: '19–36',
        dozen: '{n}st 12',
        column: 'Col {n}',
        straight: 'Straight (one number)',
        split: 'Split (two)',
        street: 'Street (three)',
        corner: 'Corner (four)',
        line: 'Six line',
        trio: 'Trio (0 and two)',
        first4: 'First four (0–3)',
        dozens: 'Dozen',
        columns: 'Column',
        redBlack: 'Red / Black',
        oddEven: 'Odd / Even',
        lowHigh: '1–18 / 19–36',
        rlTypes: 'Bet type',
        rlStraight: 'Straight',
        rlSplit: 'Split',
        rlStreet: 'Street',
        rlCorner: 'Corner',
        rlLine: 'Six line',
        rlHintStraight: 'Tap a number to bet on it alone.',
        rlHintSplitH: 'Tap a number: it and the one to its right. Tap 0 above 1, 2 or 3 to pair it with 0.',
        rlHintSplitV: 'Tap a number: it and the one below. Tap Split again for left–right.',
        rlHintStreet: 'Tap a number: its row of three. Tap 0 on the left or right for 0-1-2 or 0-2-3.',
        rlHintCorner: 'Tap a number: the four with it at the top left. Tap 0 for 0-1-2-3.',
        rlHintLine: 'Tap a number: its row and the next one, six numbers.',
        rlNoLine: 'No six line covers 0: tap a number from 1 to 36.',
        rlOn: 'also on it: {bets}',
        rlWheel: 'Roulette wheel',
        rlResult: 'Result {n}, {color}',
        r1: 'European wheel: 37 pockets, 0 to 36, one zero.',
        r2: 'Pick a chip and a bet type (Straight, Split, Street, Corner, Six line), then tap a number; tap outside bets directly. Every bet pays 36 / (numbers covered) − 1 to 1.',
        r3: 'Zero is green: outside bets lose on it. Every bet returns 97.30%.',
        r3Partage:
          'La Partage: when zero comes, red/black, odd/even and 1–18/19–36 give half the stake back (they return 98.65%); other outside bets lose on it. Every other bet returns 97.30%.',
        r1French: 'French table: 37 pockets, 0 to 36, one zero, La Partage.',
      },
      {
        spin: 'Quay',
        red: 'Đỏ',
        black: 'Đen',
        green: 'Xanh',
        odd: 'Lẻ',
        even: 'Chẵn',
        low: '1–18',
        high: '19–36',
        dozen: 'Tá {n}',
        column: 'Cột {n}',
        straight: 'Một số',
        split: 'Hai số',
        street: 'Ba số',
        corner: 'Bốn số',
        line: 'Sáu số',
        trio: 'Ba số có 0',
        first4: 'Bốn số đầu (0–3)',
        dozens: 'Tá',
        columns: 'Cột',
        redBlack: 'Đỏ / Đen',
        oddEven: 'Lẻ / Chẵn',
        lowHigh: '1–18 / 19–36',
        rlTypes: 'Loại cược',
        rlStraight: 'Một số',
        rlSplit: 'Hai số',
        rlStreet: 'Ba số',
        rlCorner: 'Bốn số',
        rlLine: 'Sáu số',
        rlHintStraight: 'Chạm một số để cược riêng số đó.',
        rlHintSplitH: 'Chạm một số: số đó và số bên phải. Chạm 0 phía trên 1, 2 hoặc 3 để ghép với 0.',
        rlHintSplitV: 'Chạm một số: số đó và số bên dưới. Chạm Hai số lần nữa để ghép trái–phải.',
        rlHintStreet: 'Chạm một số: cả hàng ba số. Chạm bên trái hoặc phải số 0 để cược 0-1-2 hoặc 0-2-3.',
        rlHintCorner: 'Chạm một số: bốn số có số đó ở góc trên trái. Chạm 0 để cược 0-1-2-3.',
        rlHintLine: 'Chạm một số: hàng của nó và hàng kế tiếp, sáu số.',
        rlNoLine: 'Không có cửa sáu số nào gồm số 0: chạm một số từ 1 đến 36.',
        rlOn: 'cược khác tại đây: {bets}',
        rlWheel: 'Vòng quay roulette',
        rlResult: 'Kết quả {n}, {color}',
        r1: 'Vòng quay châu Âu: 37 ô, từ 0 đến 36, một số 0.',
        r2: 'Chọn phỉnh và loại cược (Một số, Hai số, Ba số, Bốn số, Sáu số), rồi chạm một số; cửa ngoài thì chạm trực tiếp. Mỗi cửa trả 36 / (số ô) − 1 ăn 1.',
        r3: 'Số 0 màu xanh: cửa ngoài thua khi ra 0. Mọi cửa hoàn trả 97,30%.',
        r3Partage:
          'La Partage: khi ra số 0, cửa Đỏ/Đen, Lẻ/Chẵn và 1–18/19–36 được trả lại nửa tiền cược (hoàn trả 98,65%); các cửa ngoài khác thua. Mọi cửa còn lại hoàn trả 97,30%.',
        r1French: 'Bàn kiểu Pháp: 37 ô, từ 0 đến 36, một số 0, luật La Partage.',
      },
    );
    const rules = (G.rules ?? {}) as Partial<RouletteRules>;
    const bets = rules.bets || {};
    const red = rules.red || [];
    const WHEEL = rules.wheel || Array.from({ length: 37 }, (_, i) => i);
    const color = (n: number): Color => (n === 0 ? 'green' : red.includes(n) ? 'red' : 'black');

    /* ---------- the wheel: 37 pockets in the rules' order, turned so the result sits under the ball ---------- */

    const NS = 'http://www.w3.org/2000/svg';
    const svg = (tag: string, attrs: Record<string, string | number> | null, ...children: (Node | string)[]) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
      node.append(...children);
      return node;
    };
    const STEP = 360 / WHEEL.length;
    const FILL: Record<Color, string> = { red: '#c62828', black: '#1d1d22', green: '#1b8a4b' };
    const polar = (r: number, deg: number): [number, number] => [
      r * Math.sin((deg * Math.PI) / 180),
      -r * Math.cos((deg * Math.PI) / 180),
    ];
    const rotor = svg('g', { class: 'rl-rotor' });
    WHEEL.forEach((n, i) => {
      const a = i * STEP - STEP / 2;
      const b = a + STEP;
      const [x1, y1] = polar(56, a);
      const [x2, y2] = polar(56, b);
      const [x3, y3] = polar(38, b);
      const [x4, y4] = polar(38, a);
      rotor.append(
        svg('path', {
          d: `M${x1.toFixed(2)} ${y1.toFixed(2)}A56 56 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}L${x3.toFixed(2)} ${y3.toFixed(2)}A38 38 0 0 0 ${x4.toFixed(2)} ${y4.toFixed(2)}Z`,
          fill: FILL[color(n)],
          stroke: '#d4af37',
          'stroke-width': 0.4,
        }),
      );
      const [tx, ty] = polar(50, i * STEP);
      rotor.append(
        svg(
          'text',
          {
            x: tx.toFixed(2),
            y: ty.toFixed(2),
            transform: `rotate(${(i * STEP).toFixed(2)} ${tx.toFixed(2)} ${ty.toFixed(2)})`,
          },
          String(n),
        ),
      );
    });
    rotor.append(
      svg('circle', { r: 38, class: 'rl-cone' }),
      svg('circle', { r: 12, class: 'rl-hub' }),
      svg('path', {
        d: 'M0 -30L3 -12L0 -9L-3 -12ZM0 30L3 12L0 9L-3 12ZM-30 0L-12 3L-9 0L-12 -3ZM30 0L12 3L9 0L12 -3Z',
        class: 'rl-spokes',
      }),
    );
    const ballDot = svg('circle', { cx: 0, cy: -43, r: 3.6, class: 'rl-balldot' });
    const ballOrbit = svg('g', { class: 'rl-orbit' }, ballDot);
    const wheel = svg(
      'svg',
      { class: 'rl-wheel', viewBox: '-60 -60 120 120', role: 'img', 'aria-label': t('rlWheel') },
      svg('circle', { r: 59, class: 'rl-rim' }),
      rotor,
      ballOrbit,
      svg('path', { d: 'M-4 -60L4 -60L0 -54Z', class: 'rl-pointer' }),
    );
    let angle = 0;
    const turn = (deg: number) => {
      rotor.style.transform = `rotate(${deg}deg)`;
    };
    /** The wheel turned so pocket `n` sits at the top under the ball (an immediate jump). */
    const restAt = (n: number) => {
      angle = (((-WHEEL.indexOf(n) * STEP) % 360) + 360) % 360;
      turn(angle);
    };
    async function spinTo(n: number) {
      const rest = (((-WHEEL.indexOf(n) * STEP) % 360) + 360) % 360;
      if (G.reducedMotion()) {
        restAt(n);
        return;
      }
      const target = rest + 360 * 3 + (rest < angle ? 360 : 0);
      const duration = 3200;
      turn(target);
      const a = rotor.animate([{ transform: `rotate(${angle}deg)` }, { transform: `rotate(${target}deg)` }], {
        duration,
        easing: 'cubic-bezier(.2,.6,.25,1)',
      });
      ballOrbit.animate([{ transform: 'rotate(1440deg)' }, { transform: 'rotate(0deg)' }], {
        duration,
        easing: 'cubic-bezier(.15,.55,.3,1)',
      });
      ballDot.animate(
        [
          { transform: 'translateY(-10px)' },
          { transform: 'translateY(-10px)', offset: 0.65 },
          { transform: 'translateY(-3px)', offset: 0.85 },
          { transform: 'translateY(0)' },
        ],
        { duration },
      );
      const started = performance.now();
      for (let gap = 70; performance.now() - started < duration - 200; gap *= 1.12) {
        G.sound.play('tick');
        await G.wait(gap);
      }
      await a.finished.catch(() => {});
      restAt(n);
    }
    restAt(0);

    const ball = el('div', { class: 'tk-ball rl-ball green', text: '–' });
    const resultLine = el('div', { class: 'rl-result-line' });
    const winLine = el('div', { class: 'rl-win' });
    const side = el(
      'div',
      { class: 'rl-side' },
      el('div', { class: 'rl-now' }, ball, el('div', { class: 'rl-said' }, resultLine, winLine)),
    );
    const board = el('div', { class: 'tk-roulette rl-board' }, el('div', { class: 'rl-wheel-box' }, wheel), side);

    /* ---------- the bets: a tapped number places the chosen type's bet anchored at it ---------- */

    const TYPES: BetType[] = ['straight', 'split', 'street', 'corner', 'line'];
    const TYPE_LABEL: Record<string, string> = {
      straight: 'rlStraight',
      split: 'rlSplit',
      street: 'rlStreet',
      corner: 'rlCorner',
      line: 'rlLine',
    };
    let type: BetType = 'straight';
    let vertical = false;
    /** Where each inside bet's chip is drawn: the number tapped to place it (else the lowest it covers). */
    const anchors: Record<string, number> = {};
    const covered = (key: string): number[] => {
      const known = bets[key]?.numbers;
      if (known) return known;
      const [kind, a, b] = key.split('-');
      const n = Number(a);
      if (kind === 'straight') return [n];
      if (kind === 'split') return [n, Number(b)];
      if (kind === 'street') return [n, n + 1, n + 2];
      if (kind === 'corner') return [n, n + 1, n + 3, n + 4];
      if (kind === 'line') return [n, n + 1, n + 2, n + 3, n + 4, n + 5];
      const zeros: Record<string, number[]> = { 'trio-1': [0, 1, 2], 'trio-2': [0, 2, 3], first4: [0, 1, 2, 3] };
      return zeros[key] || [];
    };
    const anchorOf = (key: string) => anchors[key] ?? Math.min(...covered(key));
    const isInside = (key: string) => /^(split|street|corner|line|trio|first4)/.test(key);
    const nameOf = (key: string) => {
      const kind = key.split('-')[0] ?? '';
      const label = kind === 'trio' ? t('trio') : kind === 'first4' ? t('first4') : t(TYPE_LABEL[kind] || kind);
      return `${label} ${covered(key).join('–')}`;
    };

    /** The bet key a tap at `n` places with the chosen type (0 is split in thirds for the zero bets). */
    function resolve(n: number, event?: MouseEvent) {
      if (type === 'straight') return `straight-${n}`;
      if (n === 0) {
        const target = event?.currentTarget;
        const box = target instanceof Element ? target.getBoundingClientRect() : undefined;
        const f = box && event?.detail ? (event.clientX - box.left) / box.width : 0.5;
        if (type === 'split') return `split-0-${f < 1 / 3 ? 1 : f < 2 / 3 ? 2 : 3}`;
        if (type === 'street') return f < 0.5 ? 'trio-1' : 'trio-2';
        if (type === 'corner') return 'first4';
        G.toast(t('rlNoLine'));
        return null;
      }
      const c = (n - 1) % 3; // 0 left, 2 right
      const row = Math.ceil(n / 3); // 1 to 12
      if (type === 'split') {
        if (!vertical && c < 2) return `split-${n}-${n + 1}`;
        return n <= 33 ? `split-${n}-${n + 3}` : `split-${n - 3}-${n}`;
      }
      if (type === 'street') return `street-${n - c}`;
      if (type === 'corner') return `corner-${n - (c === 2 ? 1 : 0) - (row === 12 ? 3 : 0)}`;
      return `line-${row === 12 ? 31 : n - c}`;
    }

    let spots: Record<string, SpotNode> = {};
    /** The chip drawn on each number for the inside bets anchored at it. */
    const anchorChips: Record<number, HTMLElement> = {};
    const numberNode = (n: number) => spots[`straight-${n}`]?.button;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    function flash(numbers: number[]) {
      clearTimeout(flashTimer);
      for (const node of Object.values(spots)) node.button.classList.remove('rl-cover');
      for (const n of numbers) numberNode(n)?.classList.add('rl-cover');
      flashTimer = setTimeout(() => {
        for (const n of numbers) numberNode(n)?.classList.remove('rl-cover');
      }, 900);
    }
    function place(bet: string, event: MouseEvent) {
      if (G.busy || G.ended || !bet.startsWith('straight-')) return bet;
      const n = Number(bet.slice(9));
      const key = resolve(n, event);
      if (!key || !bets[key]) return null;
      if (key !== bet) {
        anchors[key] = n;
        flash(covered(key));
      }
      return key;
    }

    const hint = el('p', { class: 'rl-hint', 'aria-live': 'polite' });
    const typeButtons = TYPES.map((k) => {
      const button = el('button', { type: 'button', class: `rl-type rl-type-${k}`, 'data-type': k });
      button.addEventListener('click', () => {
        if (k === 'split' && type === 'split') vertical = !vertical;
        type = k;
        G.sound.play('click');
        paintTypes();
      });
      return button;
    });
    function paintTypes() {
      for (const b of typeButtons) {
        const k = b.dataset.type ?? '';
        b.setAttribute('aria-pressed', String(k === type));
        b.textContent = t(TYPE_LABEL[k] ?? k) + (k === 'split' && type === 'split' ? (vertical ? ' ↕' : ' ↔') : '');
      }
      const key =
        type === 'split'
          ? vertical
            ? 'rlHintSplitV'
            : 'rlHintSplitH'
          : `rlHint${type.charAt(0).toUpperCase()}${type.slice(1)}`;
      hint.textContent = t(key);
    }

    const compact = (centavos: number) => {
      const p = centavos / 100;
      return p >= 1000 ? `${+(p / 1000).toFixed(1)}k` : String(+p.toFixed(2));
    };
    function painted(placed: Readonly<Chips>, locked: boolean) {
      for (const b of typeButtons) b.disabled = locked;
      const byAnchor: Record<number, [string, number][]> = {};
      for (const [key, amount] of Object.entries(placed)) {
        if (!amount || !isInside(key)) continue;
        const a = anchorOf(key);
        const list = byAnchor[a] ?? [];
        list.push([key, amount]);
        byAnchor[a] = list;
      }
      for (let n = 0; n <= 36; n++) {
        const node = spots[`straight-${n}`];
        if (!node) continue;
        const own = placed[`straight-${n}`] || 0;
        node.amount.textContent = own ? compact(own) : '';
        const list = byAnchor[n] || [];
        const sum = list.reduce((a, [, v]) => a + v, 0);
        const chip = anchorChips[n];
        if (chip) chip.textContent = sum ? compact(sum) : '';
        node.button.classList.toggle('rl-anchor', sum > 0);
        if (sum) {
          const label = node.button.getAttribute('aria-label');
          const text = list.map(([key, v]) => `${nameOf(key)} ${money(v)}`).join(', ');
          node.button.setAttribute('aria-label', `${label}; ${t('rlOn', { bets: text })}`);
        }
      }
    }

    /** Moves the kit's spot buttons into the roulette grid, the history beside the wheel. */
    function layout({ felt, spots: nodes, history, message, chips, actions }: ChipTableNodes) {
      spots = nodes;
      const grid = el('div', { class: 'rl-grid' });
      const at = (key: string, row: number, col: number, rowSpan = 1, colSpan = 1) => {
        const node = nodes[key];
        if (!node) return;
        node.button.style.gridArea = `${row} / ${col} / span ${rowSpan} / span ${colSpan}`;
        grid.append(node.button);
      };
      at('straight-0', 1, 3, 1, 3);
      for (let n = 1; n <= 36; n++) at(`straight-${n}`, 1 + Math.ceil(n / 3), 3 + ((n - 1) % 3));
      for (let d = 1; d <= 3; d++) at(`dozen-${d}`, 2 + 4 * (d - 1), 2, 4);
      ['low', 'even', 'red', 'black', 'odd', 'high'].forEach((b, i) => {
        at(b, 2 + 2 * i, 1, 2);
      });
      for (let c = 1; c <= 3; c++) at(`column-${c}`, 14, 2 + c);
      for (let n = 0; n <= 36; n++) {
        const node = nodes[`straight-${n}`];
        if (!node) continue;
        const chip = el('span', { class: 'rl-chip', 'aria-hidden': 'true' });
        anchorChips[n] = chip;
        node.button.append(chip);
      }
      felt.replaceChildren(
        el('div', { class: 'rl-types', role: 'group', 'aria-label': t('rlTypes') }, typeButtons),
        hint,
        grid,
      );
      side.append(history);
      // the chips, the total and the buttons stay at the bottom of the screen while the grid scrolls
      felt.after(el('div', { class: 'rl-dock' }, message, chips, actions));
      paintTypes();
    }

    const spot = (bet: string, label: string, className = ''): ChipSpot => ({ bet, label, className, noPays: true });
    const spotRows = [[spot('straight-0', '0', 'tk-num green')]];
    for (let n = 1; n <= 36; n++) spotRows.push([spot(`straight-${n}`, String(n), `tk-num ${color(n)}`)]);
    spotRows.push([1, 2, 3].map((c) => spot(`column-${c}`, '2:1', 'rl-column')));
    spotRows.push([1, 2, 3].map((d) => spot(`dozen-${d}`, ['1–12', '13–24', '25–36'][d - 1] ?? '', 'rl-dozen')));
    spotRows.push(
      ['low', 'even', 'red', 'black', 'odd', 'high'].map((b) =>
        spot(b, t(b), `rl-even${b === 'red' ? ' tk-red' : b === 'black' ? ' tk-black' : ''}`),
      ),
    );

    K.chipTable<RouletteSpin>({
      action: 'spin',
      spots: spotRows,
      paytable: [
        { bet: 'straight-17', label: t('straight') },
        { bet: 'split-17-20', label: t('split') },
        { bet: 'street-16', label: t('street') },
        { bet: 'trio-1', label: t('trio') },
        { bet: 'corner-17', label: t('corner') },
        { bet: 'first4', label: t('first4') },
        { bet: 'line-16', label: t('line') },
        { bet: 'dozen-2', label: t('dozens') },
        { bet: 'column-2', label: t('columns') },
        { bet: 'red', label: t('redBlack') },
        { bet: 'odd', label: t('oddEven') },
        { bet: 'low', label: t('lowHigh') },
      ],
      stage: () => board,
      place,
      layout,
      painted,
      historySize: 20,
      undo: true,
      clear() {
        clearTimeout(flashTimer);
        for (const node of Object.values(spots)) node.button.classList.remove('rl-hit', 'rl-cover');
        ball.className = 'tk-ball rl-ball green spinning';
        ball.textContent = '…';
        resultLine.textContent = '';
        winLine.textContent = '';
        winLine.className = 'rl-win';
      },
      async play(o, answer) {
        await spinTo(o.number);
        ball.textContent = String(o.number);
        ball.className = `tk-ball rl-ball ${color(o.number)} done`;
        resultLine.textContent = t('rlResult', { n: o.number, color: t(color(o.number)) });
        numberNode(o.number)?.classList.add('rl-hit');
        const won = answer.win > answer.stake ? 'win' : answer.win > 0 ? 'push' : 'lose';
        winLine.className = `rl-win ${won}`;
        winLine.textContent =
          won === 'lose'
            ? t('kitLose')
            : won === 'win'
              ? t('kitWin', { amount: money(answer.win) })
              : K.pushText(answer);
      },
      history: (o) => String(o.number),
      historyClass: (o) => `tk-${color(o.number)}`,
      rules: rules.laPartage ? ['r1French', 'r2', 'r3Partage'] : ['r1', 'r2', 'r3'],
    });
  }
})();
