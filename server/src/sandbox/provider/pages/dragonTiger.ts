/* Dragon Tiger: one card each, the higher wins; bets from Game.rules (see games/dragonTiger.ts). */
import type { DragonTigerDraw } from '../games/dragonTiger';
import { Game, type GameKit } from './kit/game';
import { TableKit } from './kit/tablekit';

const SIDES = ['dragon', 'tiger'] as const;
type Side = (typeof SIDES)[number];

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        dragon: 'Dragon',
        tiger: 'Tiger',
        tie: 'Tie',
        suitedTie: 'Suited Tie',
        r1: 'Eight decks, shuffled fresh each round. One card to Dragon, one to Tiger; the higher card wins.',
        r2: 'Ace is lowest, then 2 to 10, J, Q, K highest. Suits do not rank.',
        r3: 'On a tie, Dragon and Tiger bets lose half. Tie pays 11:1; Suited Tie (same rank and suit) 50:1.',
      },
      {
        dragon: 'Rồng',
        tiger: 'Hổ',
        tie: 'Hòa',
        suitedTie: 'Hòa đồng chất',
        r1: 'Tám bộ bài, xáo mới mỗi ván. Một lá cho Rồng, một lá cho Hổ; lá cao hơn thắng.',
        r2: 'Át nhỏ nhất, rồi 2 đến 10, J, Q, K lớn nhất. Chất không tính.',
        r3: 'Khi hòa, cược Rồng và Hổ mất một nửa. Hòa trả 11 ăn 1; Hòa đồng chất (cùng số và chất) 50 ăn 1.',
      },
    );
    const slots = { dragon: el('div', { class: 'tk-cards' }), tiger: el('div', { class: 'tk-cards' }) };
    const zoneOf = (side: Side) => el('div', { class: `tk-hand tk-${side}` }, el('h3', { text: t(side) }), slots[side]);
    const zones: Record<Side, HTMLElement> = { dragon: zoneOf('dragon'), tiger: zoneOf('tiger') };
    const board = el('div', { class: 'tk-hands' }, zones.dragon, zones.tiger);
    K.chipTable<DragonTigerDraw>({
      spots: [
        [
          { bet: 'dragon', label: t('dragon'), className: 'tk-dragon' },
          { bet: 'tiger', label: t('tiger'), className: 'tk-tiger' },
        ],
        [
          { bet: 'tie', label: t('tie') },
          { bet: 'suitedTie', label: t('suitedTie') },
        ],
      ],
      stage: () => board,
      clear() {
        for (const side of SIDES) {
          slots[side].replaceChildren();
          zones[side].classList.remove('winner');
        }
      },
      async play(o) {
        await K.reveal(slots.dragon, [K.card(o.dragon)]);
        await K.reveal(slots.tiger, [K.card(o.tiger)]);
        if (o.winner !== 'tie') zones[o.winner].classList.add('winner');
      },
      history: (o) => t(o.winner).slice(0, 1),
      historyClass: (o) => `tk-${o.winner}`,
      rules: ['r1', 'r2', 'r3'],
    });
  }
})();
