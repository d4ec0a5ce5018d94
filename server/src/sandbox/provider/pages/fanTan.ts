/* Fan Tan: a heap of beads counted off by fours; Fan, Nim and Kwok bets from Game.rules.bets. */
import type { FanTanCount } from '../games/fanTan';
import { Game, type GameKit } from './kit/game';
import { type ChipSpot, TableKit } from './kit/tablekit';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        count: 'Count',
        fan: 'Fan {n}',
        nim: 'Nim {a} (push {b})',
        kwok: 'Kwok {a}-{b}',
        beads: '{n} beads',
        left: 'Left: {n}',
        fanRow: 'Fan (one number)',
        nimRow: 'Nim (win one, push one)',
        kwokRow: 'Kwok (two neighbours)',
        r1: 'The croupier covers a heap of beads and counts them off four at a time. What is left, 1 to 4, is the result.',
        r2: 'Fan pays 3:1, Nim 2:1 (returned on its second number), Kwok 1:1; the house keeps 5% of each win.',
      },
      {
        count: 'Đếm',
        fan: 'Phiên {n}',
        nim: 'Niệm {a} (hoàn {b})',
        kwok: 'Giác {a}-{b}',
        beads: '{n} hạt',
        left: 'Còn: {n}',
        fanRow: 'Phiên (một số)',
        nimRow: 'Niệm (thắng một, hoàn một)',
        kwokRow: 'Giác (hai số kề)',
        r1: 'Người chia úp một đống hạt rồi đếm bớt từng bốn hạt. Số còn lại, 1 đến 4, là kết quả.',
        r2: 'Phiên trả 3 ăn 1, Niệm 2 ăn 1 (hoàn tiền ở số thứ hai), Giác 1 ăn 1; nhà cái thu 5% tiền thắng.',
      },
    );
    const heap = el('div', { class: 'tk-beads' });
    const label = el('div', { class: 'tk-bead-count' });
    const board = el('div', { class: 'tk-fantan' }, heap, label);
    const nums = [1, 2, 3, 4];
    const rows: ChipSpot[][] = [
      nums.map((n) => ({ bet: `fan-${n}`, label: t('fan', { n }) })),
      nums.map((a) => ({
        bet: `kwok-${a}-${(a % 4) + 1}`,
        label: t('kwok', { a, b: (a % 4) + 1 }),
        className: 'tk-small',
      })),
    ];
    for (const a of nums)
      rows.push(
        nums
          .filter((b) => b !== a)
          .map((b) => ({ bet: `nim-${a}-${b}`, label: t('nim', { a, b }), className: 'tk-small' })),
      );
    K.chipTable<FanTanCount>({
      action: 'count',
      spots: rows,
      paytable: [
        { bet: 'fan-1', label: t('fanRow') },
        { bet: 'nim-1-2', label: t('nimRow') },
        { bet: 'kwok-1-2', label: t('kwokRow') },
      ],
      stage: () => board,
      clear() {
        heap.replaceChildren();
        label.textContent = '';
      },
      async play(o) {
        heap.replaceChildren(...Array.from({ length: o.beads }, () => el('i')));
        label.textContent = t('beads', { n: o.beads });
        let left = o.beads;
        while (left > 4) {
          left -= 4;
          if (!G.reducedMotion()) {
            for (let i = 0; i < 4; i++) heap.lastElementChild?.remove();
            label.textContent = t('left', { n: left });
            G.sound.play('tick');
            await G.wait(G.ms(left > 24 ? 40 : 160));
          }
        }
        heap.replaceChildren(...Array.from({ length: o.result }, () => el('i', { class: 'on' })));
        label.textContent = t('left', { n: o.result });
      },
      history: (o) => String(o.result),
      rules: ['r1', 'r2'],
    });
  }
})();
