/*
 * Blackjack: hit, stand, double, split and insurance against the dealer (see games/blackjack.ts). The
 * server's view says which actions are allowed now (`actions`): a button is shown only then. Split hands
 * sit side by side, the one being played marked; each further stake is taken by the server before its
 * card is dealt.
 */
import './kit/common.js';
import './kit/tablekit';

(() => {
  if (window.Game) start(window.Game, window.TableKit);

  function start(G, K) {
    const { el, t, money } = G;
    G.addStrings(
      {
        deal: 'Deal',
        hit: 'Hit',
        stand: 'Stand',
        double: 'Double',
        split: 'Split',
        insurance: 'Insurance',
        decline: 'No insurance',
        insuranceAsk: 'The dealer shows an ace. Insurance costs {amount} and pays 2:1 if the dealer has blackjack.',
        dealer: 'Dealer',
        you: 'You',
        handN: 'Hand {n}',
        soft: 'soft',
        doubled: 'doubled',
        insured: 'Insured {amount}',
        handWin: 'Win',
        handPush: 'Push',
        handLose: 'Lose',
        r1: 'A fresh {decks}-deck shoe every round. Get closer to 21 than the dealer without going over.',
        r2: 'Cards 2–10 count their number, J, Q, K count 10, an ace 1 or 11.',
        r3: 'Blackjack (an ace and a ten on the first two cards) pays 3:2; a win pays 1:1; a tie returns the bet.',
        r4: 'The dealer peeks for blackjack, draws to 17 and stands on soft 17.',
        r5: 'Double: one more card and your stake doubled, on any first two cards, also after a split.',
        r6: 'Split: two cards of the same rank become two hands with a stake each, up to 4 hands. Split aces get one card each and cannot be split again; 21 on a split hand is not a blackjack.',
        r7: 'Insurance: when the dealer shows an ace, half your stake against a dealer blackjack, paid 2:1.',
        r8: 'The table limit holds over the whole round: all stakes together at most {max}.',
      },
      {
        deal: 'Chia bài',
        hit: 'Rút',
        stand: 'Dừng',
        double: 'Gấp đôi',
        split: 'Tách bài',
        insurance: 'Bảo hiểm',
        decline: 'Không bảo hiểm',
        insuranceAsk: 'Nhà cái lật Át. Bảo hiểm tốn {amount} và trả 2 ăn 1 nếu nhà cái có blackjack.',
        dealer: 'Nhà cái',
        you: 'Bạn',
        handN: 'Tay {n}',
        soft: 'mềm',
        doubled: 'gấp đôi',
        insured: 'Bảo hiểm {amount}',
        handWin: 'Thắng',
        handPush: 'Hòa',
        handLose: 'Thua',
        r1: 'Shoe {decks} bộ bài mới mỗi ván. Đạt gần 21 hơn nhà cái mà không vượt quá.',
        r2: 'Lá 2–10 tính theo số, J, Q, K tính 10, Át tính 1 hoặc 11.',
        r3: 'Blackjack (Át và một lá 10 điểm ở hai lá đầu) trả 3 ăn 2; thắng trả 1 ăn 1; hòa hoàn tiền cược.',
        r4: 'Nhà cái kiểm tra blackjack, rút đến 17 và dừng ở 17 mềm.',
        r5: 'Gấp đôi: thêm một lá và tiền cược nhân đôi, với hai lá đầu bất kỳ, kể cả sau khi tách bài.',
        r6: 'Tách bài: hai lá cùng hạng thành hai tay, mỗi tay một mức cược, tối đa 4 tay. Át đã tách chỉ nhận một lá và không tách tiếp; 21 trên tay đã tách không phải blackjack.',
        r7: 'Bảo hiểm: khi nhà cái lật Át, nửa tiền cược chống blackjack của nhà cái, trả 2 ăn 1.',
        r8: 'Giới hạn bàn tính trên cả ván: tổng mọi mức cược tối đa {max}.',
      },
    );
    const dealerCards = el('div', { class: 'tk-cards' });
    const dealerTotal = el('span', { class: 'tk-total' });
    const dealerZone = el(
      'div',
      { class: 'tk-hand bj-dealer' },
      el('h3', {}, t('dealer'), ' ', dealerTotal),
      dealerCards,
    );
    const hands = el('div', { class: 'bj-hands', role: 'list' });
    const insuredLine = el('div', { class: 'bj-insured', hidden: true });
    const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
    const stake = G.stakeStepper({ values: [1, 5, 10, 20, 50, 100, 500, 1000, 5000], initial: 10 });
    const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
    const button = (action) =>
      el('button', { type: 'button', class: `g-btn bj-${action}`, text: t(action), hidden: true });
    const buttons = Object.fromEntries(
      ['hit', 'stand', 'double', 'split', 'insurance', 'decline'].map((action) => [action, button(action)]),
    );
    G.stage.append(
      el('section', { class: 'tk-stage bj-table' }, dealerZone, insuredLine, hands),
      message,
      el('div', { class: 'tk-action-row bj-actions' }, Object.values(buttons)),
      el('div', { class: 'tk-action-row' }, stake.node, deal),
    );

    /** The hands on the table: each zone keeps how many of its cards are shown, to deal only the new ones. */
    let zones = [];
    let dealerShown = 0;
    const label = (n, count) => (count > 1 ? t('handN', { n }) : t('you'));
    const totalText = (h) => (h.soft && h.total < 21 ? `${h.total} ${t('soft')}` : String(h.total));
    function zoneOf(count, i) {
      const cards = el('div', { class: 'tk-cards' });
      const total = el('span', { class: 'tk-total' });
      const stakeTag = el('span', { class: 'bj-stake' });
      const result = el('span', { class: 'bj-result', hidden: true });
      const title = el('h3', {}, label(i + 1, count), ' ', total);
      const zone = el('div', { class: 'tk-hand bj-hand', role: 'listitem' }, title, cards, stakeTag, result);
      return { zone, cards, total, stakeTag, result, shown: 0, first: null };
    }
    async function drawHands(list, active, over) {
      if (list.length !== zones.length) {
        zones = list.map((_, i) => zoneOf(list.length, i));
        hands.replaceChildren(...zones.map((z) => z.zone));
        hands.dataset.count = String(list.length);
      }
      for (let i = 0; i < list.length; i++) {
        const h = list[i];
        const z = zones[i];
        if (h.cards.length < z.shown || (z.first && z.first !== h.cards[0])) {
          z.cards.replaceChildren();
          z.shown = 0;
        }
        z.zone.classList.toggle('active', !over && i === active);
        z.zone.setAttribute('aria-current', !over && i === active ? 'true' : 'false');
        await K.reveal(
          z.cards,
          h.cards.slice(z.shown).map((c) => K.card(c)),
          300,
        );
        z.shown = h.cards.length;
        z.first = h.cards[0];
        z.total.textContent = totalText(h);
        z.stakeTag.textContent = h.doubled ? `${money(h.stake)} · ${t('doubled')}` : money(h.stake);
        const settled = typeof h.win === 'number';
        z.result.hidden = !settled;
        z.zone.classList.toggle('winner', settled && h.win > h.stake);
        if (settled) {
          const key = h.win > h.stake ? 'handWin' : h.win === h.stake ? 'handPush' : 'handLose';
          z.result.textContent = t(key);
          z.result.className = `bj-result ${key}`;
        }
      }
    }
    async function drawDealer(cards, total, hole) {
      if (cards.length < dealerShown || (dealerShown && dealerCards.querySelector('.tk-back'))) {
        dealerCards.replaceChildren();
        dealerShown = 0;
      }
      await K.reveal(
        dealerCards,
        cards.slice(dealerShown).map((c) => K.card(c)),
        300,
      );
      dealerShown = cards.length;
      if (hole) dealerCards.append(K.card(null));
      dealerTotal.textContent = String(total);
    }
    function showInsurance(amount) {
      insuredLine.hidden = !amount;
      insuredLine.textContent = amount ? t('insured', { amount: money(amount) }) : '';
    }

    let allowed = [];
    const round = K.stepped({
      message,
      paint,
      async onView(v) {
        allowed = v.actions;
        await drawHands(v.hands, v.active, false);
        await drawDealer(v.dealer, v.dealerTotal, v.holeCard);
        showInsurance(v.insurance);
        if (v.phase === 'insurance') {
          message.className = 'tk-message';
          message.textContent = t('insuranceAsk', { amount: money(v.costs.insurance) });
        } else if (message.textContent === t('kitPlaying') || /2:1|2 ăn 1/.test(message.textContent)) {
          message.textContent = '';
        }
      },
      async onDone(a) {
        allowed = [];
        const o = a.outcome;
        await drawHands(
          o.hands.map((h) => ({ ...h, soft: false })),
          0,
          true,
        );
        await drawDealer(o.dealer, o.dealerTotal);
        showInsurance(o.insurance);
      },
    });
    function paint() {
      deal.disabled = G.ended || round.open || (G.busy && !round.open);
      stake.setDisabled(round.open || G.busy);
      for (const [action, b] of Object.entries(buttons)) {
        b.hidden = !round.open || !allowed.includes(action);
        b.disabled = G.busy && !round.open;
      }
    }
    G.onLock(paint);
    deal.addEventListener('click', () => {
      zones = [];
      hands.replaceChildren();
      dealerCards.replaceChildren();
      dealerTotal.textContent = '';
      dealerShown = 0;
      showInsurance(0);
      allowed = [];
      round.begin({ stake: stake.value });
    });
    for (const [action, b] of Object.entries(buttons)) b.addEventListener('click', () => round.act(action));
    K.infoSheet(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'], [], [], {
      decks: G.rules?.decks ?? 6,
      max: money(G.MAX_STAKE),
    });
    paint();
  }
})();
