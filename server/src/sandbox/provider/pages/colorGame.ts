/* Color Game, the perya dice game: three colour dice; bets on colours from Game.rules.bets. */
import type { ColorGameDraw, ColorGameRules } from '../games/colorGame';
import { Game, type GameKit } from './kit/game';
import { type ChipSpot, TableKit } from './kit/tablekit';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        roll: 'Roll',
        yellow: 'Yellow',
        white: 'White',
        pink: 'Pink',
        blue: 'Blue',
        red: 'Red',
        green: 'Green',
        oneDie: 'On one die',
        twoDice: 'On two dice',
        threeDice: 'On all three',
        r1: 'Three dice with six colours are dropped. Bet on one or more colours.',
        r2: 'A colour on one die pays 1:1, on two dice 2:1, on all three 3:1.',
      },
      {
        roll: 'Thả',
        yellow: 'Vàng',
        white: 'Trắng',
        pink: 'Hồng',
        blue: 'Xanh dương',
        red: 'Đỏ',
        green: 'Xanh lá',
        oneDie: 'Một viên',
        twoDice: 'Hai viên',
        threeDice: 'Cả ba viên',
        r1: 'Thả ba viên xúc xắc sáu màu. Đặt cược vào một hay nhiều màu.',
        r2: 'Màu hiện trên một viên trả 1 ăn 1, hai viên 2 ăn 1, cả ba viên 3 ăn 1.',
      },
    );
    const rules = (G.rules ?? {}) as Partial<ColorGameRules>;
    const colors = rules.colors || [];
    const dice = el('div', { class: 'tk-dice' });
    const spot = (c: string): ChipSpot => ({ bet: c, label: t(c), className: `tk-color tk-color-${c}`, noPays: true });
    K.chipTable<ColorGameDraw>({
      action: 'roll',
      spots: [colors.slice(0, 3).map(spot), colors.slice(3).map(spot)],
      paytable: [
        { bet: colors[0] ?? '', label: t('oneDie'), paysText: '1:1' },
        { bet: colors[1] ?? '', label: t('twoDice'), paysText: '2:1' },
        { bet: colors[2] ?? '', label: t('threeDice'), paysText: '3:1' },
      ],
      stage: () => dice,
      clear: () => dice.replaceChildren(),
      async play(o) {
        await K.reveal(
          dice,
          o.dice.map((c) => K.die(0, c)),
          320,
        );
      },
      history: () => '●',
      historyClass: (o) => `tk-color-${o.dice[0]}`,
      rules: ['r1', 'r2'],
    });
  }
})();
