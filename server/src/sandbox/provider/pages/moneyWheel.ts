/* The perya money wheel: segments and pays from Game.rules (see games/moneyWheel.ts). */
import type { MoneyWheelRules, MoneyWheelStop } from '../games/moneyWheel';
import { Game, type GameKit } from './kit/game';
import { TableKit } from './kit/tablekit';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        spin: 'Spin',
        joker: 'Joker',
        star: 'Star',
        r1: 'The wheel has {n} segments. Bet on a label; when the pointer stops on it, it pays its number to 1.',
        r2: 'Joker and Star have one segment each and pay 50:1.',
      },
      {
        spin: 'Quay',
        joker: 'Joker',
        star: 'Ngôi sao',
        r1: 'Vòng quay có {n} ô. Đặt cược vào một nhãn; kim dừng ở nhãn đó thì trả số của nó ăn 1.',
        r2: 'Joker và Ngôi sao mỗi loại một ô, trả 50 ăn 1.',
      },
    );
    const rules = (G.rules ?? {}) as Partial<MoneyWheelRules>;
    const wheel = rules.wheel || [];
    const labels = Object.keys(rules.bets || {});
    const COLORS = ['#f2c14e', '#3fa7d6', '#59cd90', '#ee6352', '#a26ee6', '#fac05e', '#ffffff'];
    const colorOf = (label: string) => COLORS[labels.indexOf(label) % COLORS.length];
    const step = 360 / (wheel.length || 1);
    const gradient = wheel.map((l, i) => `${colorOf(l)} ${i * step}deg ${(i + 1) * step}deg`).join(',');
    const disc = el('div', { class: 'tk-wheel', style: `background: conic-gradient(${gradient})` });
    const hub = el('div', { class: 'tk-hub', text: '?' });
    const board = el('div', { class: 'tk-wheel-box' }, el('i', { class: 'tk-pointer' }), disc, hub);
    const name = (l: string) => (l === 'joker' || l === 'star' ? t(l) : l);
    let turn = 0;
    K.chipTable<MoneyWheelStop>({
      action: 'spin',
      spots: [
        labels.slice(0, 4).map((l) => ({ bet: l, label: name(l), className: 'tk-wl' })),
        labels.slice(4).map((l) => ({ bet: l, label: name(l), className: 'tk-wl' })),
      ],
      stage: () => board,
      clear: () => (hub.textContent = '?'),
      async play(o) {
        // The pointer is at the top: turn the wheel so the middle of the drawn segment comes under it.
        const target = 360 - (o.segment + 0.5) * step;
        turn = turn - (turn % 360) + 360 * 4 + target;
        if (G.reducedMotion()) disc.style.transform = `rotate(${target}deg)`;
        else
          await disc.animate(
            [
              {
                transform:
                  getComputedStyle(disc).transform === 'none' ? 'rotate(0deg)' : getComputedStyle(disc).transform,
              },
              { transform: `rotate(${turn}deg)` },
            ],
            { duration: 3200, easing: 'cubic-bezier(.15,.7,.2,1)', fill: 'forwards' },
          ).finished;
        disc.style.transform = `rotate(${turn}deg)`;
        hub.textContent = name(o.label);
      },
      history: (o) => name(o.label),
      rules: ['r1', 'r2'],
      ruleVars: () => ({ n: wheel.length }),
    });
  }
})();
