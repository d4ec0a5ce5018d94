/* Lucky 9: Player and Banker hands on a fiesta felt, bets from Game.rules (see games/lucky9.ts). */
import type { PointHand } from '../games/points';
import { Game, type GameKit } from './kit/game';
import { TableKit } from './kit/tablekit';

type Side = 'player' | 'banker';
interface HandZone {
  cards: HTMLElement;
  total: HTMLElement;
  zone: HTMLElement;
}

(() => {
  if (Game && TableKit) start(Game, TableKit);

  function start(G: GameKit, K: TableKit) {
    const { el, t } = G;
    G.addStrings(
      {
        player: 'Player',
        banker: 'Banker',
        tie: 'Tie',
        natural: 'Natural 9!',
        r1: 'One deck, shuffled fresh each hand. Player and Banker get two cards each; 9 is the best hand.',
        r2: 'Aces count 1, 2–9 their number, 10, J, Q and K count 0; a hand is worth the last digit of its sum.',
        r3: 'A two-card 9 is a natural: nobody draws, and a win with it pays 2:1.',
        r4: 'Otherwise Player draws a third card on 0–4 and Banker on 0–5.',
        r5: 'Player and Banker pay 1:1. On a tie the house wins both; Tie pays 8:1.',
      },
      {
        player: 'Con',
        banker: 'Cái',
        tie: 'Hòa',
        natural: 'Chín tự nhiên!',
        r1: 'Một bộ bài, xáo mới mỗi ván. Con và Cái mỗi bên hai lá; 9 điểm là cao nhất.',
        r2: 'Át tính 1, 2–9 theo số, 10, J, Q, K tính 0; điểm là chữ số cuối của tổng.',
        r3: 'Hai lá đầu được 9 là "tự nhiên": không ai rút thêm, thắng với 9 tự nhiên trả 2 ăn 1.',
        r4: 'Nếu không, Con rút lá thứ ba khi 0–4 và Cái khi 0–5.',
        r5: 'Con và Cái trả 1 ăn 1. Khi hòa nhà cái thắng cả hai; cửa Hòa trả 8 ăn 1.',
      },
    );
    const zoneOf = (side: Side): HandZone => {
      const cards = el('div', { class: 'tk-cards' });
      const total = el('span', { class: 'tk-total' });
      return { cards, total, zone: el('div', { class: 'tk-hand' }, el('h3', {}, t(side), ' ', total), cards) };
    };
    const hands: Record<Side, HandZone> = { player: zoneOf('player'), banker: zoneOf('banker') };
    const board = el('div', { class: 'tk-hands' }, hands.player.zone, hands.banker.zone);
    K.chipTable<PointHand>({
      spots: [
        [
          { bet: 'player', label: t('player') },
          { bet: 'tie', label: t('tie') },
          { bet: 'banker', label: t('banker') },
        ],
      ],
      paytable: [
        { bet: 'player', label: t('player') },
        { bet: 'banker', label: t('banker') },
        { bet: 'tie', label: t('tie') },
      ],
      stage: () => board,
      clear() {
        for (const h of Object.values(hands)) {
          h.cards.replaceChildren();
          h.total.textContent = '';
          h.zone.classList.remove('winner');
        }
      },
      async play(o) {
        for (let i = 0; i < 3; i++)
          for (const side of ['player', 'banker'] as const) {
            const card = o[side][i];
            if (card) await K.reveal(hands[side].cards, [K.card(card)]);
          }
        hands.player.total.textContent = String(o.playerTotal);
        hands.banker.total.textContent = String(o.bankerTotal);
        const winner = o.winner;
        if (winner === 'tie') return;
        hands[winner].zone.classList.add('winner');
        const nat = o[winner].length === 2 && (winner === 'player' ? o.playerTotal : o.bankerTotal) === 9;
        if (nat) G.toast(t('natural'));
      },
      history: (o) => t(o.winner).slice(0, 1),
      historyClass: (o) => `tk-${o.winner}`,
      rules: ['r1', 'r2', 'r3', 'r4', 'r5'],
    });
  }
})();
