/* Sic bo: three dice; Small/Big, totals, singles, doubles, triples, combinations from Game.rules.bets. */
import type { SicBoThrow } from '../games/sicBo';
import { Game, type GameKit } from './kit/game';
import { type ChipSpot, TableKit } from './kit/tablekit';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        roll: 'Roll',
        small: 'Small 4–10',
        big: 'Big 11–17',
        odd: 'Odd',
        even: 'Even',
        anyTriple: 'Any triple',
        total: 'Total {n}',
        single: 'Number {n}',
        double: 'Double {n}',
        triple: 'Triple {n}',
        combo: '{a} & {b}',
        totals: 'Total',
        singles: 'Single number (×1, ×2, ×3)',
        doubles: 'Specific double',
        triples: 'Specific triple',
        combos: 'Two-dice combination',
        r1: 'Three dice are shaken. Bet on what they show.',
        r2: 'Small, Big, Odd and Even lose on any triple. A number pays 1:1, 2:1 or 3:1 as it shows on one, two or three dice.',
      },
      {
        roll: 'Lắc',
        small: 'Xỉu 4–10',
        big: 'Tài 11–17',
        odd: 'Lẻ',
        even: 'Chẵn',
        anyTriple: 'Bộ ba bất kỳ',
        total: 'Tổng {n}',
        single: 'Số {n}',
        double: 'Đôi {n}',
        triple: 'Ba {n}',
        combo: '{a} & {b}',
        totals: 'Tổng',
        singles: 'Một số (×1, ×2, ×3)',
        doubles: 'Đôi cụ thể',
        triples: 'Bộ ba cụ thể',
        combos: 'Cặp hai số',
        r1: 'Lắc ba viên xúc xắc. Đặt cược vào kết quả.',
        r2: 'Tài, Xỉu, Lẻ, Chẵn thua khi ra bộ ba. Một số trả 1, 2 hoặc 3 ăn 1 theo số xúc xắc hiện số đó.',
      },
    );
    const dice = el('div', { class: 'tk-dice' });
    const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const rows: ChipSpot[][] = [
      [
        { bet: 'small', label: t('small') },
        { bet: 'anyTriple', label: t('anyTriple') },
        { bet: 'big', label: t('big') },
      ],
      [
        { bet: 'odd', label: t('odd') },
        { bet: 'even', label: t('even') },
      ],
      range(1, 6).map((n) => ({
        bet: `single-${n}`,
        label: FACES[n - 1] ?? '',
        className: 'tk-small tk-face',
        noPays: true,
      })),
      range(1, 6).map((n) => ({ bet: `double-${n}`, label: `${n + n}`, className: 'tk-small' })),
      range(1, 6).map((n) => ({ bet: `triple-${n}`, label: `${n}${n}${n}`, className: 'tk-small' })),
      range(4, 10).map((n) => ({ bet: `total-${n}`, label: String(n), className: 'tk-small' })),
      range(11, 17).map((n) => ({ bet: `total-${n}`, label: String(n), className: 'tk-small' })),
    ];
    const combos: ChipSpot[] = [];
    for (let a = 1; a <= 6; a++)
      for (let b = a + 1; b <= 6; b++)
        combos.push({ bet: `combo-${a}-${b}`, label: `${a}·${b}`, className: 'tk-small', noPays: true });
    rows.push(combos.slice(0, 8), combos.slice(8));
    K.chipTable<SicBoThrow>({
      action: 'roll',
      spots: rows,
      paytable: [
        { bet: 'small', label: t('small') },
        { bet: 'big', label: t('big') },
        { bet: 'odd', label: `${t('odd')} / ${t('even')}` },
        ...range(4, 10).map((n) => ({ bet: `total-${n}`, label: t('total', { n: `${n} / ${21 - n}` }) })),
        { bet: 'single-1', label: t('singles'), paysText: '1:1 · 2:1 · 3:1' },
        { bet: 'double-1', label: t('doubles') },
        { bet: 'triple-1', label: t('triples') },
        { bet: 'anyTriple', label: t('anyTriple') },
        { bet: 'combo-1-2', label: t('combos') },
      ],
      stage: () => dice,
      clear: () => dice.replaceChildren(),
      async play(o) {
        await K.reveal(
          dice,
          o.dice.map((d) => K.die(d)),
          320,
        );
      },
      history: (o) => String(o.total),
      historyClass: (o) =>
        o.dice[0] === o.dice[1] && o.dice[1] === o.dice[2] ? 'tk-triple' : o.total >= 11 ? 'tk-big' : 'tk-small',
      rules: ['r1', 'r2'],
    });
  }
})();
