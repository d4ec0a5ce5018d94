/* Andar Bahar: the joker, then cards to Andar and Bahar until one matches; rules from Game.rules. */
import type { AndarBaharDeal } from '../games/andarBahar';
import { Game, type GameKit } from './kit/game';
import { TableKit } from './kit/tablekit';

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        andar: 'Andar',
        bahar: 'Bahar',
        joker: 'Joker',
        r1: 'One deck, shuffled fresh each round. The first card is the joker, face up.',
        r2: 'Cards are then dealt one at a time to Andar and Bahar, Andar first, until one matches the joker’s rank: that side wins.',
        r3: 'Andar, which gets the first card, pays 0.9:1; Bahar pays 1:1.',
      },
      {
        andar: 'Andar',
        bahar: 'Bahar',
        joker: 'Lá chủ',
        r1: 'Một bộ bài, xáo mới mỗi ván. Lá đầu tiên là lá chủ, lật ngửa.',
        r2: 'Sau đó chia từng lá cho Andar và Bahar, Andar trước, đến khi có lá cùng số với lá chủ: bên đó thắng.',
        r3: 'Andar, bên nhận lá đầu, trả 0.9 ăn 1; Bahar trả 1 ăn 1.',
      },
    );
    const joker = el('div', { class: 'tk-cards' });
    const piles = { andar: el('div', { class: 'tk-cards tk-pile' }), bahar: el('div', { class: 'tk-cards tk-pile' }) };
    const zones = {
      andar: el('div', { class: 'tk-hand' }, el('h3', { text: t('andar') }), piles.andar),
      bahar: el('div', { class: 'tk-hand' }, el('h3', { text: t('bahar') }), piles.bahar),
    };
    const board = el(
      'div',
      { class: 'tk-ab' },
      el('div', { class: 'tk-hand tk-joker' }, el('h3', { text: t('joker') }), joker),
      zones.andar,
      zones.bahar,
    );
    K.chipTable<AndarBaharDeal>({
      spots: [
        [
          { bet: 'andar', label: t('andar') },
          { bet: 'bahar', label: t('bahar') },
        ],
      ],
      stage: () => board,
      clear() {
        joker.replaceChildren();
        for (const side of ['andar', 'bahar'] as const) {
          piles[side].replaceChildren();
          zones[side].classList.remove('winner');
        }
      },
      async play(o) {
        await K.reveal(joker, [K.card(o.joker)]);
        const count = o.andar.length + o.bahar.length;
        const gap = count > 12 ? 90 : 200;
        for (let i = 0; i < count; i++) {
          const side = i % 2 === 0 ? 'andar' : 'bahar';
          const c = o[side][Math.floor(i / 2)];
          const node = K.card(c);
          piles[side].replaceChildren(node);
          await K.reveal(piles[side], [node], gap);
        }
        zones[o.winner].classList.add('winner');
      },
      history: (o) => t(o.winner).slice(0, 1),
      historyClass: (o) => `tk-${o.winner}`,
      rules: ['r1', 'r2', 'r3'],
    });
  }
})();
