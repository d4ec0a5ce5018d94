/*
 * Royal Baccarat: a "live table" look. The player stacks chips on Player, Banker, Tie, Player Pair and
 * Banker Pair (several bets in one hand) and deals; the server deals the whole hand at once and this page lays
 * the cards out one by one, face up, in table order, then marks each bet won, returned or lost.
 */
import './kit/game';

(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;

  G.addStrings(
    {
      live: 'AUTO DEAL',
      table: 'Table 8 · 8 decks',
      player: 'Player',
      banker: 'Banker',
      tie: 'Tie',
      playerPair: 'Player Pair',
      bankerPair: 'Banker Pair',
      deal: 'Deal',
      clear: 'Clear',
      double: 'Double',
      placeBet: 'Pick a chip, then tap Player, Banker, Tie or a pair.',
      readyToDeal: 'Your bets: {amount} in all. Tap Deal.',
      dealing: 'Dealing…',
      playerWins: 'PLAYER WINS',
      bankerWins: 'BANKER WINS',
      tieWins: 'TIE',
      youWin: 'You win {amount}',
      push: 'Tie — your bet of {amount} is returned',
      youLose: 'Bet of {amount} lost — better luck next hand',
      youGetBack: 'Back {amount} of your {stake} bet',
      maxBet: 'The maximum bet is {max}.',
      betWon: '{side}: won {amount}',
      betPush: '{side}: {amount} back',
      betLost: '{side}: lost',
      rulePair:
        'Player Pair and Banker Pair win when that side’s first two cards are of one rank (8♠ 8♥), whoever wins the hand.',
      road: 'Road',
      roadEmpty: 'Results of your hands will appear here.',
      chips: 'Chips',
      chipLabel: 'Chip {amount}',
      betArea: '{side}, pays {pays}',
      betOn: '{amount} on {side}',
      payouts: 'Payouts',
      bet: 'Bet',
      pays: 'Pays',
      ruleDeck: 'Eight decks, shuffled fresh for every hand. Player and Banker get two cards each.',
      ruleValues: 'Aces count 1, 2–9 their number, 10, J, Q and K count 0. A hand is worth the last digit of its sum.',
      ruleNatural: 'A total of 8 or 9 on the first two cards is a natural: nobody draws.',
      rulePlayer: 'Player draws a third card on 0–5 and stands on 6–7.',
      ruleBanker:
        'If Player stands, Banker draws on 0–5. If Player drew, Banker draws on 0–2; on 3 unless Player’s third card is 8; on 4 if it is 2–7; on 5 if it is 4–7; on 6 if it is 6–7; and stands on 7.',
      rulePush: 'When the hand is a tie, bets on Player and Banker are returned.',
      totalLabel: '{side} total {total}',
      feltText: 'BANKER PAYS 0.95 TO 1 · TIE PAYS 8 TO 1',
      rtpShort: 'RTP',
      beadplayer: 'P',
      beadbanker: 'B',
      beadtie: 'T',
    },
    {
      live: 'CHIA TỰ ĐỘNG',
      table: 'Bàn 8 · 8 bộ bài',
      player: 'Con',
      banker: 'Cái',
      tie: 'Hòa',
      playerPair: 'Đôi Con',
      bankerPair: 'Đôi Cái',
      deal: 'Chia bài',
      clear: 'Xóa',
      double: 'Gấp đôi',
      placeBet: 'Chọn phỉnh, rồi chạm Con, Cái, Hòa hoặc cửa Đôi.',
      readyToDeal: 'Tổng cược của bạn: {amount}. Chạm Chia bài.',
      dealing: 'Đang chia bài…',
      playerWins: 'CON THẮNG',
      bankerWins: 'CÁI THẮNG',
      tieWins: 'HÒA',
      youWin: 'Bạn thắng {amount}',
      push: 'Hòa — hoàn lại tiền cược {amount}',
      youLose: 'Thua cược {amount} — chúc may mắn ván sau',
      youGetBack: 'Nhận lại {amount} trên {stake} tiền cược',
      maxBet: 'Mức cược tối đa là {max}.',
      betWon: '{side}: thắng {amount}',
      betPush: '{side}: hoàn {amount}',
      betLost: '{side}: thua',
      rulePair: 'Đôi Con và Đôi Cái thắng khi hai lá đầu của bên đó cùng hạng (8♠ 8♥), bất kể bên nào thắng ván.',
      road: 'Cầu',
      roadEmpty: 'Kết quả các ván của bạn sẽ hiện ở đây.',
      chips: 'Phỉnh',
      chipLabel: 'Phỉnh {amount}',
      betArea: '{side}, trả {pays}',
      betOn: '{amount} vào {side}',
      payouts: 'Tỷ lệ trả thưởng',
      bet: 'Cửa cược',
      pays: 'Trả',
      ruleDeck: 'Tám bộ bài, xáo mới cho mỗi ván. Con và Cái mỗi bên nhận hai lá.',
      ruleValues: 'Át tính 1, 2–9 theo số, 10, J, Q và K tính 0. Điểm của một bên là chữ số cuối của tổng.',
      ruleNatural: 'Tổng 8 hoặc 9 với hai lá đầu là "natural": không bên nào rút thêm.',
      rulePlayer: 'Con rút lá thứ ba khi có 0–5 và dừng khi có 6–7.',
      ruleBanker:
        'Nếu Con dừng, Cái rút khi có 0–5. Nếu Con đã rút, Cái rút khi có 0–2; khi có 3 trừ khi lá thứ ba của Con là 8; khi có 4 nếu lá đó là 2–7; khi có 5 nếu là 4–7; khi có 6 nếu là 6–7; và dừng khi có 7.',
      rulePush: 'Khi ván hòa, tiền cược vào Con và Cái được hoàn lại.',
      totalLabel: 'Điểm {side}: {total}',
      feltText: 'CÁI TRẢ 0.95 ĂN 1 · HÒA TRẢ 8 ĂN 1',
      rtpShort: 'RTP',
      // Road maps use the international letters P, B and T (Con and Cái both start with C).
      beadplayer: 'P',
      beadbanker: 'B',
      beadtie: 'T',
    },
  );

  const SIDES = ['player', 'tie', 'banker'];
  // Pays and returns come from the server's rules for this title (games/baccarat.ts); the pair bets are
  // offered only when the rules have them.
  const RULE_BETS = G.rules?.bets || {};
  const PAIRS = ['playerPair', 'bankerPair'].filter((b) => RULE_BETS[b]);
  const BETS = [...SIDES, ...PAIRS];
  const PAYS = Object.fromEntries(BETS.map((s) => [s, `${RULE_BETS[s]?.pays ?? '?'}:1`]));
  const RTP = Object.fromEntries(BETS.map((s) => [s, `${((RULE_BETS[s]?.rtp ?? 0) * 100).toFixed(2)}%`]));
  document.body.classList.add(`bac-pace-${G.rules?.pace || 'table'}`);
  /** Speed deals quicker; squeeze lingers before each card is turned. */
  const PACE = { table: 1, speed: 0.35, squeeze: 2 }[G.rules?.pace] ?? 1;
  const CHIPS = [1, 5, 10, 50, 100, 500];
  const ROAD_SIZE = 20;

  const SUIT_PATHS = {
    S: '<path d="M12 2C9 5.5 3.5 9 3.5 13.4c0 2.7 2 4.5 4.4 4.5 1.4 0 2.6-.6 3.3-1.6-.2 2.1-1 3.8-2.6 5.2h6.8c-1.6-1.4-2.4-3.1-2.6-5.2.7 1 1.9 1.6 3.3 1.6 2.4 0 4.4-1.8 4.4-4.5C20.5 9 15 5.5 12 2z"/>',
    H: '<path d="M12 21.3C8.8 18.6 2.5 14.2 2.5 8.9 2.5 5.9 4.8 3.6 7.6 3.6c1.9 0 3.5 1 4.4 2.6.9-1.6 2.5-2.6 4.4-2.6 2.8 0 5.1 2.3 5.1 5.3 0 5.3-6.3 9.7-9.5 12.4z"/>',
    D: '<path d="M12 1.8l7.8 10.2L12 22.2 4.2 12z"/>',
    C: '<circle cx="12" cy="6.8" r="4.3"/><circle cx="6.6" cy="13.4" r="4.3"/><circle cx="17.4" cy="13.4" r="4.3"/><path d="M10.9 11.5h2.2c.1 4.2.8 7.2 3.2 10.3H7.7c2.4-3.1 3.1-6.1 3.2-10.3z"/>',
  };
  const suitSvg = (suit) => `<svg viewBox="0 0 24 24" aria-hidden="true">${SUIT_PATHS[suit]}</svg>`;
  const SUIT_NAMES = { S: '♠', H: '♥', D: '♦', C: '♣' };

  const cardValue = (card) => {
    const rank = card.slice(0, -1);
    if (rank === 'A') return 1;
    const n = Number(rank);
    return Number.isNaN(n) || n >= 10 ? 0 : n;
  };
  const handTotal = (cards) => cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;

  /* ---------- layout ---------- */

  const roadBeads = el('div', { class: 'bac-road-beads' });
  const roadCounts = el('div', { class: 'bac-road-counts' });
  const road = el(
    'section',
    { class: 'bac-road', 'aria-label': t('road') },
    el('span', { class: 'bac-road-title', text: t('road') }),
    roadBeads,
    roadCounts,
  );

  const topBar = el(
    'div',
    { class: 'bac-topbar' },
    el('span', { class: 'bac-live' }, el('i', { 'aria-hidden': 'true' }), t('live')),
    el('span', { class: 'bac-table-name', text: t('table') }),
  );

  function handZone(side) {
    const total = el('span', { class: 'bac-total', 'aria-live': 'polite', text: '' });
    const slots = el('div', { class: 'bac-cards' });
    const zone = el(
      'div',
      { class: `bac-hand bac-hand-${side}` },
      el('div', { class: 'bac-hand-head' }, el('span', { class: 'bac-hand-name', text: t(side) }), total),
      slots,
    );
    return { zone, total, slots };
  }
  const hands = { player: handZone('player'), banker: handZone('banker') };
  const banner = el('div', { class: 'bac-banner', hidden: true, role: 'status' });
  const shoe = el('div', { class: 'bac-shoe', 'aria-hidden': 'true' }, el('i'));
  const feltText = el('div', {
    class: 'bac-felt-text',
    'aria-hidden': 'true',
    html: `<svg viewBox="0 0 360 60"><path id="bac-arc" d="M20 58Q180 -8 340 58" fill="none"/><text><textPath href="#bac-arc" startOffset="50%" text-anchor="middle">${t('feltText')}</textPath></text></svg>`,
  });
  const studio = el('div', {
    class: 'bac-studio',
    'aria-hidden': 'true',
    html: `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMax meet">
      <path d="M60 122c2-27 23-42 60-44 37 2 58 17 60 44z" fill="#17171d"/>
      <path d="M104 79l16 32 16-32z" fill="#f4f1ea"/>
      <path d="M104 79l-12 7 16 26zM136 79l12 7-16 26z" fill="#2b2b35"/>
      <path d="M111 84l9 4.5-9 4.5zM129 84l-9 4.5 9 4.5z" fill="#c4161c"/>
      <rect x="141" y="97" width="17" height="6" rx="1.5" fill="#f0c75e"/>
      <rect x="112" y="62" width="16" height="19" rx="6" fill="#d29a74"/>
      <ellipse cx="120" cy="46" rx="19" ry="23" fill="#e4b38d"/>
      <path d="M100.5 48c-3-21 7-32 19.5-32s22.5 11 19.5 32c-3-11-9.5-17-19.5-17s-16.5 6-19.5 17z" fill="#2b1a12"/>
      <circle cx="120" cy="16" r="8.5" fill="#2b1a12"/>
      <path d="M110 48q3-2.6 6 0M124 48q3-2.6 6 0" stroke="#2b1a12" stroke-width="1.8" fill="none" stroke-linecap="round"/>
      <path d="M114.5 57.5q5.5 3.6 11 0" stroke="#a0523d" stroke-width="1.7" fill="none" stroke-linecap="round"/>
    </svg>`,
  });
  const felt = el(
    'section',
    { class: 'bac-felt' },
    feltText,
    shoe,
    el('div', { class: 'bac-hands' }, hands.player.zone, hands.banker.zone),
    banner,
  );

  const spots = {};
  const betAreas = el('div', { class: 'bac-bets' });
  const pairAreas = el('div', { class: 'bac-pairs' });
  for (const side of BETS) {
    const stack = el('div', { class: 'bac-stack', 'aria-hidden': 'true' });
    const amount = el('span', { class: 'bac-stack-amount' });
    const button = el(
      'button',
      {
        type: 'button',
        class: `bac-spot bac-spot-${side}`,
        'aria-label': t('betArea', { side: t(side), pays: PAYS[side] }),
      },
      el('span', { class: 'bac-spot-name', text: t(side) }),
      el('span', { class: 'bac-spot-pays', text: PAYS[side] }),
      stack,
      amount,
    );
    button.addEventListener('click', () => tapSpot(side));
    spots[side] = { button, stack, amount };
    (PAIRS.includes(side) ? pairAreas : betAreas).append(button);
  }

  const message = el('div', { class: 'bac-message', 'aria-live': 'polite' });
  const betLines = el('ul', { class: 'bac-bet-lines', 'aria-live': 'polite' });

  let chip = G.store.get('baccarat:chip', 1000);
  if (!CHIPS.includes(chip / 100)) chip = 1000;
  const chipButtons = CHIPS.map((value) => {
    const button = el(
      'button',
      {
        type: 'button',
        class: `bac-chip bac-chip-${value}`,
        'aria-label': t('chipLabel', { amount: money(value * 100) }),
        'aria-pressed': String(value * 100 === chip),
      },
      el('span', { text: value >= 1000 ? `${value / 1000}K` : String(value) }),
    );
    button.addEventListener('click', () => {
      chip = value * 100;
      G.store.set('baccarat:chip', chip);
      G.sound.play('chip');
      for (const b of chipButtons) b.setAttribute('aria-pressed', String(b === button));
    });
    return button;
  });
  const chipTray = el('div', { class: 'bac-chips', role: 'group', 'aria-label': t('chips') }, chipButtons);

  const clearButton = el('button', { type: 'button', class: 'g-btn bac-clear', text: t('clear') });
  const doubleButton = el('button', { type: 'button', class: 'g-btn bac-double', text: `×2` });
  doubleButton.setAttribute('aria-label', t('double'));
  const dealButton = el('button', { type: 'button', class: 'bac-deal', text: t('deal') });
  const actions = el('div', { class: 'bac-actions' }, clearButton, doubleButton, dealButton);

  // A shared table's road is the table's own, from the server, beside its dealer scene (common.js's live
  // panel); a private table keeps the browser's road of the player's hands and its studio.
  G.stage.append(
    topBar,
    ...(G.titleInfo.shared ? [] : [road, studio]),
    felt,
    pairAreas,
    betAreas,
    message,
    betLines,
    chipTray,
    actions,
  );

  /* ---------- the bet ---------- */

  /** The chips on the table: { bet: centavos }, several bets at once (the server settles each). */
  const bet = {};
  const saved = G.store.get('baccarat:bets', null);
  if (saved && typeof saved === 'object') {
    let sum = 0;
    for (const [side, amount] of Object.entries(saved))
      if (BETS.includes(side) && Number.isInteger(amount) && amount >= G.MIN_STAKE && sum + amount <= G.MAX_STAKE) {
        bet[side] = amount;
        sum += amount;
      }
  }
  const total = () => Object.values(bet).reduce((a, b) => a + b, 0);
  const hasBet = () => total() > 0;

  /** Splits an amount into chips, largest first, for the stack drawing. */
  function chipsFor(amount) {
    const out = [];
    let left = Math.round(amount / 100);
    for (const value of [...CHIPS].reverse()) {
      while (left >= value && out.length < 5) {
        out.push(value);
        left -= value;
      }
    }
    return out;
  }

  function paintBet() {
    for (const side of BETS) {
      const spot = spots[side];
      const amount = bet[side] || 0;
      spot.button.classList.toggle('has-bet', amount > 0);
      spot.amount.textContent = amount ? money(amount) : '';
      spot.button.setAttribute(
        'aria-label',
        amount
          ? `${t('betArea', { side: t(side), pays: PAYS[side] })}, ${t('betOn', { amount: money(amount), side: t(side) })}`
          : t('betArea', { side: t(side), pays: PAYS[side] }),
      );
      spot.stack.replaceChildren(
        ...(amount ? chipsFor(amount) : []).map((v, i) =>
          el('i', { class: `bac-chip-mini bac-chip-${v}`, style: `--i:${i}` }),
        ),
      );
    }
    G.store.set('baccarat:bets', hasBet() ? bet : null);
    paintControls();
    if (!G.busy && !showingResult) paintIdleMessage();
  }

  /** The last hand's result stays in the message line until the player touches the table again. */
  let showingResult = false;
  function paintIdleMessage() {
    message.className = 'bac-message';
    message.textContent = hasBet() ? t('readyToDeal', { amount: money(total()) }) : t('placeBet');
  }

  function tapSpot(side) {
    if (G.busy || G.ended) return;
    if (showingResult) {
      showingResult = false;
      clearTable();
    }
    if (total() + chip > G.MAX_STAKE) {
      G.toast(t('maxBet', { max: money(G.MAX_STAKE) }));
      return;
    }
    bet[side] = (bet[side] || 0) + chip;
    G.sound.play('chip');
    paintBet();
  }

  clearButton.addEventListener('click', () => {
    if (G.busy) return;
    for (const side of Object.keys(bet)) delete bet[side];
    showingResult = false;
    G.sound.play('click');
    paintBet();
  });
  doubleButton.addEventListener('click', () => {
    if (G.busy || !hasBet()) return;
    if (total() * 2 > G.MAX_STAKE) {
      G.toast(t('maxBet', { max: money(G.MAX_STAKE) }));
      return;
    }
    for (const side of Object.keys(bet)) bet[side] *= 2;
    showingResult = false;
    G.sound.play('chip');
    paintBet();
  });

  function paintControls() {
    const locked = G.busy || G.ended;
    dealButton.disabled = locked || !hasBet();
    clearButton.disabled = locked || !hasBet();
    doubleButton.disabled = locked || !hasBet() || total() * 2 > G.MAX_STAKE;
    for (const side of BETS) spots[side].button.disabled = locked;
    for (const b of chipButtons) b.disabled = locked;
    dealButton.classList.toggle('busy', G.busy);
  }
  G.onLock(paintControls);

  /* ---------- cards ---------- */

  function cardNode(card) {
    const suit = card.slice(-1);
    const rank = card.slice(0, -1);
    const color = suit === 'H' || suit === 'D' ? 'red' : 'black';
    const corner = () =>
      el('span', { class: 'bac-corner' }, el('b', { text: rank }), el('span', { html: suitSvg(suit) }));
    const center =
      rank === 'J' || rank === 'Q' || rank === 'K'
        ? el('span', { class: 'bac-center bac-court' }, el('b', { text: rank }), el('span', { html: suitSvg(suit) }))
        : el('span', { class: 'bac-center', html: suitSvg(suit) });
    return el(
      'div',
      { class: 'bac-card', role: 'img', 'aria-label': `${rank}${SUIT_NAMES[suit]}` },
      el(
        'div',
        { class: 'bac-card-inner' },
        el('div', { class: `bac-face ${color}` }, corner(), center, corner()),
        el('div', { class: 'bac-back' }),
      ),
    );
  }

  /** Slides a card from the shoe to its place in a hand, then turns it face up. */
  async function dealCard(side, card, index) {
    const node = cardNode(card);
    if (index === 2) node.classList.add('third');
    hands[side].slots.append(node);
    G.sound.play('card');
    if (G.reducedMotion()) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 100 });
      await G.wait(100);
      return;
    }
    const from = shoe.getBoundingClientRect();
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const rest = index === 2 ? 'rotate(90deg)' : 'rotate(0deg)';
    const inner = node.firstElementChild;
    inner.style.transform = 'rotateY(180deg)';
    await node.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) rotate(-30deg) scale(.7)`, opacity: 0.6 },
        { transform: `translate(0, 0) ${rest} scale(1)`, opacity: 1 },
      ],
      { duration: 340, easing: 'cubic-bezier(.2,.7,.3,1)' },
    ).finished;
    G.sound.play('flip');
    await inner.animate([{ transform: 'rotateY(180deg)' }, { transform: 'rotateY(0deg)' }], {
      duration: 280,
      easing: 'ease-in-out',
    }).finished;
    inner.style.transform = '';
  }

  function clearTable() {
    betLines.replaceChildren();
    banner.hidden = true;
    felt.classList.remove('has-banner');
    felt.classList.remove('won-player', 'won-banker', 'won-tie');
    for (const side of BETS) spots[side].button.classList.remove('winner', 'loser', 'push');
    for (const side of ['player', 'banker']) {
      hands[side].slots.replaceChildren();
      hands[side].total.textContent = '';
      hands[side].total.classList.remove('on');
      hands[side].zone.classList.remove('winner');
    }
  }

  function showTotal(side, cards) {
    const node = hands[side].total;
    node.textContent = String(handTotal(cards));
    node.setAttribute('aria-label', t('totalLabel', { side: t(side), total: handTotal(cards) }));
    node.classList.add('on');
    node.animate([{ transform: 'scale(1.35)' }, { transform: 'scale(1)' }], { duration: G.ms(250) });
  }

  /* ---------- the road ---------- */

  let history = G.store.get('baccarat:road', []);
  if (!Array.isArray(history)) history = [];
  function paintRoad() {
    history = history.filter((w) => SIDES.includes(w)).slice(-ROAD_SIZE);
    roadBeads.replaceChildren(
      ...history.map((w, i) =>
        el('i', {
          class: `bac-bead bac-bead-${w}${i === history.length - 1 ? ' last' : ''}`,
          text: t(`bead${w}`),
          title: t(w),
        }),
      ),
    );
    if (!history.length) roadBeads.append(el('span', { class: 'bac-road-empty', text: t('roadEmpty') }));
    const count = (w) => history.filter((h) => h === w).length;
    roadCounts.replaceChildren(
      ...['player', 'banker', 'tie'].map((w) =>
        el('span', { class: `bac-count bac-count-${w}` }, el('i', { text: t(`bead${w}`) }), String(count(w))),
      ),
    );
  }

  /* ---------- a hand ---------- */

  async function deal() {
    if (G.busy || G.ended || !hasBet()) return;
    clearTable();
    const placed = { ...bet };
    showingResult = false;
    message.className = 'bac-message';
    message.textContent = t('dealing');
    G.sound.play('click');
    const answer = await G.play({ bets: placed });
    if (!answer) {
      paintIdleMessage();
      return;
    }
    const { player, banker, winner } = answer.outcome;
    const order = [
      ['player', player[0], 0],
      ['banker', banker[0], 0],
      ['player', player[1], 1],
      ['banker', banker[1], 1],
    ];
    if (player[2]) order.push(['player', player[2], 2]);
    if (banker[2]) order.push(['banker', banker[2], 2]);
    const shown = { player: [], banker: [] };
    for (const [who, card, index] of order) {
      await dealCard(who, card, index);
      shown[who].push(card);
      showTotal(who, shown[who]);
      await G.wait(G.ms((index === 1 && who === 'banker' ? 420 : 160) * PACE));
    }

    felt.classList.add(`won-${winner}`);
    if (winner !== 'tie') hands[winner].zone.classList.add('winner');
    banner.className = `bac-banner bac-banner-${winner}`;
    banner.replaceChildren(
      el('strong', { text: t(winner === 'tie' ? 'tieWins' : `${winner}Wins`) }),
      el('span', { text: `${answer.outcome.playerTotal} : ${answer.outcome.bankerTotal}` }),
    );
    banner.hidden = false;
    felt.classList.add('has-banner');
    // Each bet by what it returned: won, returned (Player and Banker on a tie) or lost; the pairs light up
    // when their side's first two cards pair, whether or not a chip was on them.
    const returns = answer.outcome.returns || {};
    const pairOf = (cards) => cards[0].slice(0, -1) === cards[1].slice(0, -1);
    const wonBy = { player: winner === 'player', banker: winner === 'banker', tie: winner === 'tie' };
    wonBy.playerPair = pairOf(player);
    wonBy.bankerPair = pairOf(banker);
    for (const s of BETS) {
      const back = returns[s];
      const state =
        back === undefined
          ? wonBy[s]
            ? 'winner'
            : winner === 'tie' && (s === 'player' || s === 'banker')
              ? 'push'
              : 'loser'
          : back > placed[s]
            ? 'winner'
            : back === placed[s]
              ? 'push'
              : 'loser';
      spots[s].button.classList.add(state);
    }
    // One line per bet under the total: which won, which came back, which lost.
    const lines = Object.entries(placed).map(([s, amount]) => {
      const back = returns[s] ?? 0;
      if (back > amount) return t('betWon', { side: t(s), amount: money(back) });
      if (back === amount) return t('betPush', { side: t(s), amount: money(back) });
      return t('betLost', { side: t(s) });
    });
    betLines.replaceChildren(...lines.map((line, i) => el('li', { text: line, 'data-bet': Object.keys(placed)[i] })));
    showingResult = true;

    if (answer.win > answer.stake) {
      message.className = 'bac-message win';
      message.textContent = t('youWin', { amount: money(answer.win) });
      G.sound.play('win');
    } else if (answer.win === answer.stake) {
      message.className = 'bac-message push';
      message.textContent = t('push', { amount: money(answer.stake) });
      G.sound.play('push');
    } else if (answer.win > 0) {
      // Some bets won, less than the whole stake came back (a pair lost beside a winning side).
      message.className = 'bac-message push';
      message.textContent = t('youGetBack', { amount: money(answer.win), stake: money(answer.stake) });
      G.sound.play('push');
    } else {
      message.className = 'bac-message lose';
      message.textContent = t('youLose', { amount: money(answer.stake) });
      G.sound.play('lose');
    }
    history.push(winner);
    G.store.set('baccarat:road', history.slice(-ROAD_SIZE));
    paintRoad();
    G.finishRound(answer);
  }
  dealButton.addEventListener('click', deal);

  /* ---------- info ---------- */

  G.setInfo(() => {
    const content = el(
      'div',
      { class: 'bac-info' },
      el('h3', { text: t('payouts') }),
      el(
        'table',
        { class: 'g-table' },
        el(
          'thead',
          {},
          el('tr', {}, el('th', { text: t('bet') }), el('th', { text: t('pays') }), el('th', { text: t('rtpShort') })),
        ),
        el(
          'tbody',
          {},
          BETS.map((s) =>
            el('tr', {}, el('td', { text: t(s) }), el('td', { text: PAYS[s] }), el('td', { text: RTP[s] })),
          ),
        ),
      ),
      el('h3', { text: t('rules') }),
      el(
        'ul',
        {},
        [
          'ruleDeck',
          'ruleValues',
          'ruleNatural',
          'rulePlayer',
          'ruleBanker',
          'rulePush',
          ...(PAIRS.length ? ['rulePair'] : []),
        ].map((k) => el('li', { text: t(k) })),
        el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('li', { text: t('fair') }),
        el('li', { text: t('malfunction') }),
      ),
      el(
        'p',
        { class: 'g-rtp' },
        el('span', { text: t('rtp') }),
        el('strong', { text: `${RTP.banker} · ${RTP.player} · ${RTP.tie}` }),
      ),
    );
    G.openSheet(G.data.title, content);
  });

  paintRoad();
  paintBet();
})();
