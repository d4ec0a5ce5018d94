/* Poker against the dealer: Caribbean Stud, Three Card Poker, Casino Hold'em (see games/dealerPoker.ts). */
import './kit/common.js';
import './kit/tablekit';

(() => {
  if (window.Game) start(window.Game, window.TableKit);

  function start(G, K) {
    const { el, t, money } = G;
    const R = G.rules ?? {};
    const game = R.game ?? 'caribbeanStud';
    const callMultiple = R.callMultiple ?? 2;
    // Every game in the real table's order: the ante (and Three Card Poker's Pair Plus) at the deal, the call
    // (Three Card Poker's Play) staked only when the player calls, after seeing the cards.
    const threeCard = game === 'threeCard';
    const pairPlusTable = R.pairPlus?.pays ?? null;
    G.addStrings(
      {
        deal: 'Deal',
        call: 'Call',
        fold: 'Fold',
        dealer: 'Dealer',
        you: 'You',
        board: 'Board',
        ante: 'Ante',
        noQualify: 'Dealer does not qualify',
        qualify: 'Dealer qualifies',
        hand: 'Hand',
        pays: 'Pays',
        h_highCard: 'High card',
        h_pair: 'Pair',
        h_twoPair: 'Two pair',
        h_threeKind: 'Three of a kind',
        h_straight: 'Straight',
        h_flush: 'Flush',
        h_fullHouse: 'Full house',
        h_fourKind: 'Four of a kind',
        h_straightFlush: 'Straight flush',
        h_royalFlush: 'Royal flush',
        cs1: "Place the ante (only the ante is taken): you and the dealer get five cards from one fresh deck; yours are shown, the dealer's at the end.",
        cs2: 'Look at your cards, then Call (a second stake of 2x the ante, taken only now) or fold (the ante is lost, nothing more is taken). The dealer qualifies with A-K or better.',
        cs3: 'Dealer not qualifying: the ante pays 1:1 and the call is returned.',
        cs4: 'Dealer qualifying: beat the dealer and the ante pays 1:1, the call by the table below; lose and both are lost; a tie returns both.',
        ch1: 'Place the ante (only the ante is taken): you and the dealer get two cards; yours and the flop (three board cards) are shown.',
        ch2: "Then Call (a second stake of 2x the ante, taken only now) or fold (the ante is lost, nothing more is taken); the turn, river and dealer's cards are shown after. Best five of your seven cards.",
        ch3: 'The dealer qualifies with a pair of 4s or better. Not qualifying: the ante is paid by the table below and the call is returned.',
        ch4: 'Qualifying: a win pays the ante by the table and the call 1:1; a loss loses both; a tie returns both.',
        undecided: 'A round left undecided for 10 minutes is folded: the ante is lost, nothing more is taken.',
        play: 'Play',
        pairPlus: 'Pair Plus',
        pairPlusOn: 'Pair Plus {amount}',
        pairPlusOff: 'Pair Plus: off',
        stakeNow: 'At the deal: ante {ante}{pp}. Play {call} more only if you play.',
        stakeNowCall: 'At the deal: ante {ante}. Call {call} more only if you call.',
        ppPart: ' + Pair Plus {amount}',
        raiseNote: 'Fold and the ante is lost; nothing more is taken.',
        decideRaise: 'Play ({call} more) or fold (the ante is lost)?',
        decideCall: 'Call ({call} more) or fold (the ante is lost)?',
        foldedRaise: 'Folded: the ante is lost',
        pairPlusWon: 'Pair Plus: {hand} pays {amount}',
        pairPlusLost: 'Pair Plus lost',
        tr1: 'Place the ante, and Pair Plus if you like: you and the dealer get three cards from one fresh deck.',
        tr2: 'Look at your cards, then Play (a second stake equal to the ante, taken only now) or fold (the ante is lost). The dealer qualifies with Q-high or better. Three cards: a straight beats a flush, three of a kind beats a straight.',
        tr3: 'Dealer not qualifying: the ante pays 1:1 and the Play is returned. Qualifying: a win pays both 1:1, a loss loses both, a tie returns both.',
        tr4: 'Ante bonus on every played hand, whatever the dealer holds: see the table below.',
        tr5: 'Pair Plus pays on your three cards alone, played or folded, whatever the dealer holds: pair 1:1, flush 4:1, straight 6:1, three of a kind 30:1, straight flush 40:1 ({rtp}).',
        tr6: 'A round left undecided is folded: the ante is lost; Pair Plus is paid on your cards.',
        anteBonus: 'Ante bonus',
      },
      {
        deal: 'Chia bài',
        call: 'Theo',
        fold: 'Bỏ bài',
        dealer: 'Nhà cái',
        you: 'Bạn',
        board: 'Bài chung',
        ante: 'Cược đầu',
        noQualify: 'Nhà cái không đủ điều kiện',
        qualify: 'Nhà cái đủ điều kiện',
        hand: 'Tay bài',
        pays: 'Trả',
        h_highCard: 'Mậu thầu',
        h_pair: 'Một đôi',
        h_twoPair: 'Hai đôi',
        h_threeKind: 'Sám cô',
        h_straight: 'Sảnh',
        h_flush: 'Thùng',
        h_fullHouse: 'Cù lũ',
        h_fourKind: 'Tứ quý',
        h_straightFlush: 'Thùng phá sảnh',
        h_royalFlush: 'Thùng phá sảnh lớn',
        cs1: 'Đặt cược đầu (chỉ trừ cược đầu): bạn và nhà cái mỗi bên nhận năm lá từ một bộ bài mới; bài của bạn được lật, bài nhà cái lật khi kết thúc.',
        cs2: 'Xem bài rồi Theo (cược thêm gấp 2 cược đầu, chỉ trừ lúc này) hoặc bỏ bài (mất cược đầu, không trừ thêm gì). Nhà cái đủ điều kiện khi có A-K trở lên.',
        cs3: 'Nhà cái không đủ điều kiện: cược đầu trả 1 ăn 1, cược theo được hoàn lại.',
        cs4: 'Nhà cái đủ điều kiện: thắng thì cược đầu trả 1 ăn 1, cược theo trả theo bảng bên dưới; thua mất cả hai; hòa hoàn cả hai.',
        ch1: 'Đặt cược đầu (chỉ trừ cược đầu): bạn và nhà cái nhận hai lá; bài của bạn và ba lá bài chung đầu tiên (flop) được lật.',
        ch2: 'Rồi Theo (cược thêm gấp 2 cược đầu, chỉ trừ lúc này) hoặc bỏ bài (mất cược đầu, không trừ thêm gì); sau đó lật turn, river và bài nhà cái. Lấy năm lá tốt nhất trong bảy lá.',
        ch3: 'Nhà cái đủ điều kiện khi có đôi 4 trở lên. Không đủ điều kiện: cược đầu trả theo bảng bên dưới, hoàn cược theo.',
        ch4: 'Đủ điều kiện: thắng thì cược đầu trả theo bảng, cược theo trả 1 ăn 1; thua mất cả hai; hòa hoàn cả hai.',
        undecided: 'Ván bỏ dở chưa quyết định sau 10 phút sẽ tính là bỏ bài: mất cược đầu, không trừ thêm gì.',
        play: 'Theo',
        pairPlus: 'Pair Plus',
        pairPlusOn: 'Pair Plus {amount}',
        pairPlusOff: 'Pair Plus: tắt',
        stakeNow: 'Khi chia bài: cược đầu {ante}{pp}. Chỉ trừ thêm {call} nếu bạn theo.',
        stakeNowCall: 'Khi chia bài: cược đầu {ante}. Chỉ trừ thêm {call} nếu bạn theo.',
        ppPart: ' + Pair Plus {amount}',
        raiseNote: 'Bỏ bài thì mất cược đầu; không trừ thêm gì.',
        decideRaise: 'Theo (thêm {call}) hay bỏ bài (mất cược đầu)?',
        decideCall: 'Theo (thêm {call}) hay bỏ bài (mất cược đầu)?',
        foldedRaise: 'Đã bỏ bài: mất cược đầu',
        pairPlusWon: 'Pair Plus: {hand} trả {amount}',
        pairPlusLost: 'Thua Pair Plus',
        tr1: 'Đặt cược đầu, và Pair Plus nếu muốn: bạn và nhà cái mỗi bên nhận ba lá từ một bộ bài mới.',
        tr2: 'Xem bài rồi Theo (cược thêm bằng cược đầu, chỉ trừ lúc này) hoặc bỏ bài (mất cược đầu). Nhà cái đủ điều kiện khi có Q trở lên. Ba lá: sảnh thắng thùng, sám cô thắng sảnh.',
        tr3: 'Nhà cái không đủ điều kiện: cược đầu trả 1 ăn 1, hoàn cược theo. Đủ điều kiện: thắng trả cả hai 1 ăn 1, thua mất cả hai, hòa hoàn cả hai.',
        tr4: 'Thưởng cược đầu cho mọi tay bài đã theo, bất kể bài nhà cái: xem bảng bên dưới.',
        tr5: 'Pair Plus trả theo ba lá của bạn, dù theo hay bỏ bài, bất kể bài nhà cái: đôi 1 ăn 1, thùng 4 ăn 1, sảnh 6 ăn 1, sám cô 30 ăn 1, thùng phá sảnh 40 ăn 1 ({rtp}).',
        tr6: 'Ván bị bỏ dở chưa quyết định sẽ tính là bỏ bài: mất cược đầu; Pair Plus vẫn được trả theo bài của bạn.',
        anteBonus: 'Thưởng cược đầu',
      },
    );
    const handName = (h) => (h ? t(`h_${h}`) : '');
    const zone = (who) => {
      const cards = el('div', { class: 'tk-cards' });
      const total = el('span', { class: 'tk-total' });
      return { cards, total, zone: el('div', { class: 'tk-hand' }, el('h3', {}, t(who), ' ', total), cards) };
    };
    const dealer = zone('dealer');
    const board = zone('board');
    const player = zone('you');
    const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
    const ppLine = el('div', { class: 'tk-message dp-pairplus-line', 'aria-live': 'polite' });
    const reserve = el('div', { class: 'tk-message dp-reserve' });
    const note = el('div', { class: 'tk-message dp-note', text: t('raiseNote') });
    // Pair Plus, equal to the ante, on or off (Three Card Poker only).
    let pairPlusOn = pairPlusTable ? G.store.get('dealerPoker:pairPlus', false) === true : false;
    const pairPlusButton = pairPlusTable
      ? el('button', { type: 'button', class: 'g-btn dp-pairplus', 'aria-pressed': String(pairPlusOn) })
      : null;
    pairPlusButton?.addEventListener('click', () => {
      pairPlusOn = !pairPlusOn;
      G.store.set('dealerPoker:pairPlus', pairPlusOn);
      G.sound.play('chip');
      paintReserve();
    });
    const stake = G.stakeStepper({
      values: [1, 5, 10, 20, 50, 100, 500, 1000],
      initial: 10,
      onChange: () => paintReserve(),
    });
    const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
    const call = el('button', { type: 'button', class: 'g-btn tk-hit', text: t(threeCard ? 'play' : 'call') });
    const fold = el('button', { type: 'button', class: 'g-btn tk-stand', text: t('fold') });
    const zones = [dealer.zone];
    if (game === 'casinoHoldem') zones.push(board.zone);
    zones.push(player.zone);
    G.stage.append(
      el('section', { class: 'tk-stage' }, el('div', { class: 'tk-fantan dp-table' }, ...zones)),
      message,
      ppLine,
      el('div', { class: 'tk-action-row' }, call, fold),
      el('div', { class: 'tk-action-row' }, stake.node, deal),
      // (Caribbean Stud and Casino Hold'em have no Pair Plus: nothing appended, not the text "null".)
      ...(pairPlusButton ? [el('div', { class: 'tk-action-row' }, pairPlusButton)] : []),
      reserve,
      note,
    );
    function paintReserve() {
      const ante = stake.value;
      if (pairPlusButton) {
        pairPlusButton.textContent = pairPlusOn ? t('pairPlusOn', { amount: money(ante) }) : t('pairPlusOff');
        pairPlusButton.setAttribute('aria-pressed', String(pairPlusOn));
      }
      reserve.textContent = t(threeCard ? 'stakeNow' : 'stakeNowCall', {
        ante: money(ante),
        pp: pairPlusOn ? t('ppPart', { amount: money(ante) }) : '',
        call: money(ante * callMultiple),
      });
    }
    const shown = { dealer: 0, board: 0, player: 0 };
    const zoneOf = { dealer, board, player };
    async function draw(side, cards, label, backs = 0) {
      const z = zoneOf[side];
      if (z.cards.querySelector('.tk-back')) {
        z.cards.replaceChildren();
        shown[side] = 0;
      }
      await K.reveal(
        z.cards,
        cards.slice(shown[side]).map((c) => K.card(c)),
        250,
      );
      shown[side] = cards.length;
      for (let i = 0; i < backs; i++) z.cards.append(K.card(null));
      z.total.textContent = label ?? '';
    }
    const holes = R.holeCards ?? 5;
    let open = false;
    const round = K.stepped({
      message,
      paint,
      async onView(v) {
        open = true;
        await draw('player', v.player, handName(v.playerHand));
        if (game === 'casinoHoldem') await draw('board', v.board, '', 5 - v.board.length);
        await draw('dealer', [], '', holes);
        message.className = 'tk-message';
        message.textContent = t(threeCard ? 'decideRaise' : 'decideCall', { call: money(v.call) });
      },
      async onDone(a) {
        open = false;
        const o = a.outcome;
        if (game === 'casinoHoldem') await draw('board', o.board, '');
        await draw('dealer', o.dealer, `${handName(o.dealerHand)} · ${t(o.qualifies ? 'qualify' : 'noQualify')}`);
        await draw('player', o.player, handName(o.playerHand));
        dealer.zone.classList.toggle('winner', o.result === 'lose');
        player.zone.classList.toggle('winner', o.result === 'win' || o.result === 'noQualify');
        if (o.choice === 'fold') G.toast?.(t('foldedRaise'));
        if (o.pairPlus > 0)
          ppLine.textContent = o.pairPlusWin
            ? t('pairPlusWon', { hand: handName(o.playerHand), amount: money(o.pairPlusWin) })
            : t('pairPlusLost');
      },
    });
    function paint() {
      deal.disabled = G.ended || round.open || (G.busy && !round.open);
      stake.setDisabled(round.open || G.busy);
      if (pairPlusButton) pairPlusButton.disabled = round.open || G.busy;
      call.disabled = fold.disabled = !open;
    }
    G.onLock(paint);
    deal.addEventListener('click', () => {
      for (const z of [dealer, board, player]) {
        z.cards.replaceChildren();
        z.total.textContent = '';
        z.zone.classList.remove('winner');
      }
      shown.dealer = shown.board = shown.player = 0;
      ppLine.textContent = '';
      round.begin(pairPlusOn ? { ante: stake.value, pairPlus: stake.value } : { ante: stake.value });
    });
    call.addEventListener('click', () => round.act('call'));
    fold.addEventListener('click', () => round.act('fold'));

    const table = R.callPays ?? R.anteBonus ?? R.antePays ?? {};
    const order = [
      'royalFlush',
      'straightFlush',
      'fourKind',
      'fullHouse',
      'flush',
      'straight',
      'threeKind',
      'twoPair',
      'pair',
    ];
    const rows = order.filter((h) => table[h] !== undefined).map((h) => [handName(h), K.paysText(table[h])]);
    if (game === 'casinoHoldem') rows.push([`${handName('straight')} ↓`, K.paysText(1)]);
    if (threeCard)
      K.infoSheet(
        ['tr1', 'tr2', 'tr3', 'tr4', ...(pairPlusTable ? ['tr5'] : []), 'tr6'],
        rows,
        [t('anteBonus'), t('pays')],
        {
          rtp: `RTP ${K.pct(R.pairPlus?.rtp ?? 0)}`,
        },
      );
    else
      K.infoSheet(
        game === 'caribbeanStud'
          ? ['cs1', 'cs2', 'cs3', 'cs4', 'undecided']
          : ['ch1', 'ch2', 'ch3', 'ch4', 'undecided'],
        rows,
        [t('hand'), t('pays')],
        {},
      );
    paintReserve();
    paint();
  }
})();
