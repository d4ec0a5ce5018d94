/* Blackjack: hit or stand against the dealer (see games/blackjack.ts). */
(() => {
  const s = document.createElement('script');
  s.src = `/provider/assets/tablekit.js?${document.currentScript?.src.split('?')[1] || ''}`;
  s.onload = () => start(window.Game, window.TableKit);
  if (window.Game) document.head.append(s);

  function start(G, K) {
    const { el, t } = G;
    G.addStrings(
      {
        deal: 'Deal',
        hit: 'Hit',
        stand: 'Stand',
        dealer: 'Dealer',
        you: 'You',
        soft: 'soft',
        r1: 'A fresh {decks}-deck shoe every round. Get closer to 21 than the dealer without going over.',
        r2: 'Cards 2–10 count their number, J, Q, K count 10, an ace 1 or 11.',
        r3: 'Blackjack (an ace and a ten on the first two cards) pays 3:2; a win pays 1:1; a tie returns the bet.',
        r4: 'The dealer peeks for blackjack, draws to 17 and stands on soft 17.',
        r5: 'Doubling down and splitting are not offered at this table.',
      },
      {
        deal: 'Chia bài',
        hit: 'Rút',
        stand: 'Dừng',
        dealer: 'Nhà cái',
        you: 'Bạn',
        soft: 'mềm',
        r1: 'Shoe {decks} bộ bài mới mỗi ván. Đạt gần 21 hơn nhà cái mà không vượt quá.',
        r2: 'Lá 2–10 tính theo số, J, Q, K tính 10, Át tính 1 hoặc 11.',
        r3: 'Blackjack (Át và một lá 10 điểm ở hai lá đầu) trả 3 ăn 2; thắng trả 1 ăn 1; hòa hoàn tiền cược.',
        r4: 'Nhà cái kiểm tra blackjack, rút đến 17 và dừng ở 17 mềm.',
        r5: 'Bàn này không có gấp đôi (double) và tách bài (split).',
      },
    );
    const hand = (who) => {
      const cards = el('div', { class: 'tk-cards' });
      const total = el('span', { class: 'tk-total' });
      return { cards, total, zone: el('div', { class: 'tk-hand' }, el('h3', {}, t(who), ' ', total), cards) };
    };
    const dealer = hand('dealer');
    const player = hand('you');
    const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
    const stake = G.stakeStepper({ values: [1, 5, 10, 20, 50, 100, 500, 1000, 5000], initial: 10 });
    const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
    const hit = el('button', { type: 'button', class: 'g-btn tk-hit', text: t('hit') });
    const stand = el('button', { type: 'button', class: 'g-btn tk-stand', text: t('stand') });
    G.stage.append(
      el('section', { class: 'tk-stage' }, el('div', { class: 'tk-fantan' }, dealer.zone, player.zone)),
      message,
      el('div', { class: 'tk-action-row' }, hit, stand),
      el('div', { class: 'tk-action-row' }, stake.node, deal),
    );
    const shown = { dealer: 0, player: 0 };
    async function draw(side, cards, total, hole) {
      const h = side === 'dealer' ? dealer : player;
      if (cards.length < shown[side] || (shown[side] && h.cards.querySelector('.tk-back'))) {
        h.cards.replaceChildren();
        shown[side] = 0;
      }
      await K.reveal(
        h.cards,
        cards.slice(shown[side]).map((c) => K.card(c)),
        300,
      );
      shown[side] = cards.length;
      if (hole) h.cards.append(K.card(null));
      h.total.textContent = String(total);
    }
    let open = false;
    const round = K.stepped({
      message,
      paint,
      async onView(v) {
        open = true;
        await draw('player', v.player, v.soft && v.playerTotal < 21 ? v.playerTotal + ' ' + t('soft') : v.playerTotal);
        await draw('dealer', v.dealer, v.dealerTotal, v.holeCard);
      },
      async onDone(a) {
        open = false;
        await draw('player', a.outcome.player, a.outcome.playerTotal);
        await draw('dealer', a.outcome.dealer, a.outcome.dealerTotal);
      },
    });
    function paint() {
      deal.disabled = G.ended || round.open || (G.busy && !round.open);
      stake.setDisabled(round.open || G.busy);
      hit.disabled = stand.disabled = !open;
    }
    G.onLock(paint);
    deal.addEventListener('click', () => {
      for (const h of [dealer, player]) {
        h.cards.replaceChildren();
        h.total.textContent = '';
      }
      shown.dealer = shown.player = 0;
      round.begin({ stake: stake.value });
    });
    hit.addEventListener('click', () => round.act('hit'));
    stand.addEventListener('click', () => round.act('stand'));
    K.infoSheet(['r1', 'r2', 'r3', 'r4', 'r5'], [], [], { decks: G.rules?.decks ?? 6 });
    paint();
  }
})();
