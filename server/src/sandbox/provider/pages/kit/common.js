/*
 * Shared by every family's page (loaded before <family>.js): page data (the family, the title, its rules
 * and the player's provably fair seeds, from #game-data), money, strings in en-US and vi-VN, the header
 * with the live balance, toasts, the bottom sheet, the round lock around POST /play and /act, the
 * fairness sheet, WebAudio sound effects, reduced motion and the message to the casino frame after each
 * round. Exposes window.Game.
 */
import '../styles/games.css';

(() => {
  const root = document.getElementById('game');
  if (!root) return;

  const data = {
    game: root.dataset.game || '',
    session: root.dataset.session || '',
    nickname: root.dataset.nickname || '',
    language: root.dataset.language === 'vi-VN' ? 'vi-VN' : 'en-US',
    title: root.dataset.title || document.title,
  };
  /** What the server sends for this title: { family, kind, titleInfo, rules, rtp, seeds } (page.ts). */
  const gameData = (() => {
    try {
      return JSON.parse(document.getElementById('game-data')?.textContent || '{}');
    } catch {
      return {};
    }
  })();
  const vi = data.language === 'vi-VN';
  document.documentElement.lang = vi ? 'vi' : 'en';

  /* ---------- strings ---------- */

  const strings = { 'en-US': {}, 'vi-VN': {} };
  function addStrings(en, vn) {
    Object.assign(strings['en-US'], en);
    Object.assign(strings['vi-VN'], vn);
    for (const key of Object.keys(en)) if (!(key in vn)) console.warn(`vi-VN string missing: ${key}`);
    for (const key of Object.keys(vn)) if (!(key in en)) console.warn(`en-US string missing: ${key}`);
  }
  /** A label in the player's language; {name} placeholders are filled from vars. */
  function t(key, vars) {
    const text = strings[data.language][key] ?? strings['en-US'][key] ?? key;
    // {maxWin} is the title's maximum win per round wherever a text names it (the rules sheets' stake line).
    const all = { maxWin: money(gameData.maxWin ?? 0), ...vars };
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in all ? String(all[name]) : m));
  }

  addStrings(
    {
      balance: 'Balance',
      soundOn: 'Sound on',
      soundOff: 'Sound off',
      info: 'Game info',
      close: 'Close',
      bet: 'Bet',
      win: 'Win',
      lowerBet: 'Lower bet',
      raiseBet: 'Raise bet',
      insufficient: 'Not enough balance for this bet. Your balance is {balance}.',
      sessionEnded: 'Your game session has ended.',
      sessionEndedHelp: 'Close the game and open it again from the lobby to keep playing.',
      network: 'Connection problem — the round was not confirmed. Check your balance and try again.',
      betInvalid: 'This bet is not allowed ({min} to {max} per round).',
      failed: 'Something went wrong. Please try again.',
      busy: 'Please wait for the round to finish.',
      rtp: 'Return to player (RTP)',
      stakeRange: 'Bets from {min} to {max} per round. The most one round pays is {maxWin}.',
      fair: 'The game server decides every result with a cryptographic random number generator before the animation starts; the animation only shows it.',
      malfunction: 'A malfunction voids all pays and plays.',
      round: 'Round',
      rules: 'How to play',
      fairness: 'Provably fair',
      fairIntro:
        'Each round is drawn from HMAC-SHA256 of the server seed over your client seed, the nonce and a counter. You see the server seed’s hash before you bet; rotate to reveal it and check any round.',
      serverSeedHash: 'Active server seed (hashed)',
      nextServerSeedHash: 'Next server seed (hashed)',
      revealedHash: 'Its hash, shown before the rounds',
      clientSeed: 'Your client seed',
      newClientSeed: 'New client seed',
      nonce: 'Rounds played on these seeds',
      rotate: 'Change seeds',
      rotateHelp:
        'Changing seeds reveals the active server seed and starts the next one, whose hash is above, with your new client seed.',
      rotated: 'New seeds in use. The old server seed is revealed below.',
      seedsInUse: 'A round on these seeds is still open (here or in another tab). Finish it, then change seeds.',
      roundOpenNote: 'A round on these seeds is open: finish it before changing seeds.',
      tableSeeds:
        'This table draws every round for all its players from the dealer’s seeds: the hash below is committed before bets open, and the seed is revealed once the round is drawn.',
      tableSeedHash: 'This round’s server seed (hashed)',
      tableLast: 'Last drawn round #{n}: {result}',
      tableNoDraw: 'No round drawn yet since you opened the table.',
      tableBets: '{count} bets, {total} in all',
      tableShares: 'Bets now',
      tableNoDraw2: 'The table’s results appear here after its next draw.',
      bigRoad: 'Big road',
      beadRoad: 'Bead road',
      lastResults: 'Last results',
      hot: 'Hot',
      cold: 'Cold',
      dealer: 'Dealer',
      side_player: 'Player',
      side_banker: 'Banker',
      side_tie: 'Tie',
      side_dragon: 'Dragon',
      side_tiger: 'Tiger',
      side_red: 'Red',
      side_black: 'Black',
      side_small: 'Small',
      side_big: 'Big',
      tableOnce: 'You already have a bet on this round. Wait for the draw.',
      tableShut: 'Bets are closed. Wait for the next round.',
      previousSeeds: 'Last revealed seeds',
      serverSeed: 'Server seed',
      noPrevious: 'No seeds revealed yet: change seeds to reveal the one in use.',
      verify: 'Verify a round',
      lastRound: 'Last round: {id}',
      actionInvalid: 'That move is not allowed now.',
      clientSeedInvalid: 'Use 1 to 64 letters, digits, dots, dashes or underscores.',
      tableOpen: 'Place your bets: {seconds}s',
      tableClosed: 'No more bets — drawing',
      tableWaiting: 'Bet placed. Result at the draw.',
      tableRound: 'Table round #{n}',
    },
    {
      balance: 'Số dư',
      soundOn: 'Bật âm thanh',
      soundOff: 'Tắt âm thanh',
      info: 'Thông tin trò chơi',
      close: 'Đóng',
      bet: 'Cược',
      win: 'Thắng',
      lowerBet: 'Giảm cược',
      raiseBet: 'Tăng cược',
      insufficient: 'Số dư không đủ cho mức cược này. Số dư của bạn là {balance}.',
      sessionEnded: 'Phiên chơi của bạn đã kết thúc.',
      sessionEndedHelp: 'Hãy đóng trò chơi và mở lại từ sảnh để tiếp tục chơi.',
      network: 'Lỗi kết nối — ván chơi chưa được xác nhận. Hãy kiểm tra số dư và thử lại.',
      betInvalid: 'Mức cược không hợp lệ (từ {min} đến {max} mỗi ván).',
      failed: 'Đã xảy ra lỗi. Vui lòng thử lại.',
      busy: 'Vui lòng chờ ván chơi kết thúc.',
      rtp: 'Tỷ lệ hoàn trả (RTP)',
      stakeRange: 'Mức cược từ {min} đến {max} mỗi ván. Mỗi ván trả tối đa {maxWin}.',
      fair: 'Máy chủ trò chơi quyết định mọi kết quả bằng bộ tạo số ngẫu nhiên mật mã trước khi hoạt ảnh bắt đầu; hoạt ảnh chỉ hiển thị kết quả đó.',
      malfunction: 'Mọi sự cố kỹ thuật làm vô hiệu tất cả ván chơi và tiền thắng.',
      round: 'Ván',
      rules: 'Cách chơi',
      fairness: 'Công bằng có thể kiểm chứng',
      fairIntro:
        'Mỗi ván được rút từ HMAC-SHA256 của hạt giống máy chủ trên hạt giống của bạn, số nonce và bộ đếm. Bạn thấy mã băm của hạt giống máy chủ trước khi cược; đổi hạt giống để tiết lộ nó và kiểm tra bất kỳ ván nào.',
      serverSeedHash: 'Hạt giống máy chủ đang dùng (mã băm)',
      nextServerSeedHash: 'Hạt giống máy chủ kế tiếp (mã băm)',
      revealedHash: 'Mã băm của nó, đã hiển thị trước các ván',
      clientSeed: 'Hạt giống của bạn',
      newClientSeed: 'Hạt giống mới của bạn',
      nonce: 'Số ván đã chơi với hạt giống này',
      rotate: 'Đổi hạt giống',
      rotateHelp:
        'Đổi hạt giống sẽ tiết lộ hạt giống máy chủ đang dùng và bắt đầu hạt giống kế tiếp (mã băm ở trên) cùng hạt giống mới của bạn.',
      rotated: 'Đã dùng hạt giống mới. Hạt giống máy chủ cũ được tiết lộ bên dưới.',
      seedsInUse:
        'Vẫn còn một ván đang mở trên hạt giống này (ở đây hoặc ở thẻ khác). Hãy chơi xong ván đó rồi đổi hạt giống.',
      roundOpenNote: 'Đang có một ván mở trên hạt giống này: hãy chơi xong trước khi đổi hạt giống.',
      tableSeeds:
        'Bàn này quay mọi ván cho tất cả người chơi bằng hạt giống của nhà cái: mã băm bên dưới được cam kết trước khi mở cược, và hạt giống được tiết lộ khi ván đã quay xong.',
      tableSeedHash: 'Hạt giống máy chủ của ván này (mã băm)',
      tableLast: 'Ván đã quay gần nhất #{n}: {result}',
      tableNoDraw: 'Chưa có ván nào được quay kể từ khi bạn mở bàn.',
      tableBets: '{count} cược, tổng {total}',
      tableShares: 'Tỷ lệ cược',
      tableNoDraw2: 'Kết quả của bàn sẽ hiện ở đây sau lần rút tiếp theo.',
      bigRoad: 'Cầu lớn',
      beadRoad: 'Cầu hạt',
      lastResults: 'Kết quả gần đây',
      hot: 'Nóng',
      cold: 'Lạnh',
      dealer: 'Người chia bài',
      side_player: 'Con',
      side_banker: 'Cái',
      side_tie: 'Hòa',
      side_dragon: 'Rồng',
      side_tiger: 'Hổ',
      side_red: 'Đỏ',
      side_black: 'Đen',
      side_small: 'Xỉu',
      side_big: 'Tài',
      tableOnce: 'Bạn đã có một cược ở ván này. Hãy chờ kết quả.',
      tableShut: 'Đã hết thời gian cược. Hãy chờ ván tiếp theo.',
      previousSeeds: 'Hạt giống đã tiết lộ gần nhất',
      serverSeed: 'Hạt giống máy chủ',
      noPrevious: 'Chưa có hạt giống nào được tiết lộ: đổi hạt giống để tiết lộ hạt giống đang dùng.',
      verify: 'Kiểm chứng một ván',
      lastRound: 'Ván gần nhất: {id}',
      actionInvalid: 'Nước đi này hiện không được phép.',
      clientSeedInvalid: 'Dùng 1 đến 64 chữ cái, chữ số, dấu chấm, gạch ngang hoặc gạch dưới.',
      tableOpen: 'Mời đặt cược: {seconds} giây',
      tableClosed: 'Hết thời gian cược — đang quay',
      tableWaiting: 'Đã đặt cược. Kết quả khi quay.',
      tableRound: 'Ván bàn #{n}',
    },
  );

  /* ---------- money ---------- */

  const MIN_STAKE = 100;
  const MAX_STAKE = 500000;

  /** Integer centavos to "₱1,234.50". */
  function money(centavos) {
    const c = Math.round(Number(centavos) || 0);
    const abs = Math.abs(c);
    const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${c < 0 ? '-' : ''}₱${whole}.${String(abs % 100).padStart(2, '0')}`;
  }
  /** Pesos (the API's balance) to integer centavos. */
  const toCentavos = (pesos) => Math.round(Number(pesos) * 100);

  /* ---------- DOM helpers ---------- */

  /** el('div', {class: 'x', onclick: fn, 'aria-label': '…'}, child, 'text', …) */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
      else if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'html') node.innerHTML = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  /**
   * node.replaceChildren with el()'s rules for children: arrays flattened, null, undefined and false left
   * out (the DOM's own replaceChildren would print them as the text "null").
   */
  function fill(node, ...children) {
    node.replaceChildren(
      ...children.flat().filter((child) => child !== null && child !== undefined && child !== false),
    );
    return node;
  }
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

  const ICONS = {
    soundOff:
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor"/><path d="M16.5 9.5l5 5m0-5l-5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>',
    soundOn:
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/></svg>',
    info: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 10.5v6" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/><circle cx="12" cy="7.3" r="1.5" fill="currentColor"/></svg>',
    close:
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></svg>',
    minus:
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 12h12" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/></svg>',
    shield:
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
    plus: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 12h12M12 6v12" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/></svg>',
  };

  /* ---------- motion ---------- */

  const reducedQuery = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const reducedMotion = () => Boolean(reducedQuery?.matches);
  /** An animation length, shortened to a quick hint when the player prefers reduced motion. */
  const ms = (full) => (reducedMotion() ? Math.min(full, 120) : full);

  /* ---------- storage (may be blocked inside a frame) ---------- */

  const store = {
    get(key, fallback) {
      try {
        const raw = localStorage.getItem(`demo-provider:${key}`);
        return raw === null ? fallback : JSON.parse(raw);
      } catch {
        return fallback;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(`demo-provider:${key}`, JSON.stringify(value));
      } catch {
        /* private mode or blocked storage: keep going without it */
      }
    },
  };

  /* ---------- sound (WebAudio, generated; off by default) ---------- */

  const sound = (() => {
    let on = store.get('sound', false) === true;
    let ctx = null;
    let master = null;

    function context() {
      if (!ctx) {
        const Ctx = window.AudioContext || window.webkitAudioContext;
        if (!Ctx) return null;
        ctx = new Ctx();
        master = ctx.createGain();
        master.gain.value = 0.5;
        master.connect(ctx.destination);
      }
      if (ctx.state === 'suspended') ctx.resume().catch(() => {});
      return ctx;
    }

    function tone(freq, start, length, opts = {}) {
      const c = ctx;
      const osc = c.createOscillator();
      const gain = c.createGain();
      const t0 = c.currentTime + start;
      osc.type = opts.type || 'sine';
      osc.frequency.setValueAtTime(freq, t0);
      if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, t0 + length);
      const peak = opts.gain ?? 0.2;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + Math.min(0.012, length / 4));
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
      osc.connect(gain).connect(master);
      osc.start(t0);
      osc.stop(t0 + length + 0.02);
    }

    function noise(start, length, opts = {}) {
      const c = ctx;
      const frames = Math.max(1, Math.floor(c.sampleRate * length));
      const buffer = c.createBuffer(1, frames, c.sampleRate);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < frames; i++) channel[i] = Math.random() * 2 - 1;
      const src = c.createBufferSource();
      src.buffer = buffer;
      const filter = c.createBiquadFilter();
      filter.type = opts.filter || 'bandpass';
      const t0 = c.currentTime + start;
      filter.frequency.setValueAtTime(opts.freq || 1500, t0);
      if (opts.to) filter.frequency.exponentialRampToValueAtTime(opts.to, t0 + length);
      const gain = c.createGain();
      gain.gain.setValueAtTime(opts.gain ?? 0.3, t0);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
      src.connect(filter).connect(gain).connect(master);
      src.start(t0);
      src.stop(t0 + length + 0.02);
    }

    function arpeggio(notes, step, length) {
      for (const [i, f] of notes.entries()) tone(f, i * step, length, { type: 'triangle', gain: 0.16 });
    }

    const effects = {
      click: () => tone(900, 0, 0.05, { type: 'square', gain: 0.05 }),
      chip: () => {
        tone(2400, 0, 0.05, { type: 'triangle', gain: 0.12 });
        tone(3300, 0.035, 0.06, { type: 'triangle', gain: 0.08 });
      },
      spin: () => noise(0, 0.35, { freq: 600, to: 2400, gain: 0.12 }),
      tick: () => tone(1400, 0, 0.025, { type: 'square', gain: 0.03 }),
      stop: () => {
        tone(150, 0, 0.12, { type: 'triangle', gain: 0.3, to: 90 });
        noise(0, 0.05, { freq: 2500, gain: 0.08 });
      },
      card: () => noise(0, 0.12, { freq: 3000, to: 1200, filter: 'highpass', gain: 0.18 }),
      flip: () => noise(0, 0.06, { freq: 1800, gain: 0.15 }),
      win: () => arpeggio([523, 659, 784, 1047], 0.09, 0.22),
      bigwin: () => arpeggio([523, 659, 784, 1047, 784, 1047, 1319, 1568], 0.11, 0.3),
      lose: () => {
        tone(330, 0, 0.18, { type: 'sine', gain: 0.12 });
        tone(247, 0.16, 0.3, { type: 'sine', gain: 0.12 });
      },
      push: () => tone(440, 0, 0.25, { type: 'sine', gain: 0.12 }),
      launch: () => noise(0, 1.2, { freq: 300, to: 1800, filter: 'lowpass', gain: 0.22 }),
      cashout: () => {
        tone(1047, 0, 0.12, { type: 'square', gain: 0.06 });
        tone(1568, 0.08, 0.3, { type: 'triangle', gain: 0.16 });
      },
      explode: () => {
        noise(0, 0.9, { freq: 1200, to: 80, filter: 'lowpass', gain: 0.6 });
        tone(90, 0, 0.5, { type: 'sawtooth', gain: 0.15, to: 30 });
      },
    };

    return {
      get on() {
        return on;
      },
      set(value) {
        on = Boolean(value);
        store.set('sound', on);
        if (on) context();
      },
      play(name) {
        if (!on || !effects[name]) return;
        try {
          if (!context()) return;
          effects[name]();
        } catch {
          /* audio is decoration: never let it break a round */
        }
      },
    };
  })();

  /* ---------- header, toasts, banner ---------- */

  let balance = toCentavos(root.dataset.balance);
  const balanceValue = el('span', { class: 'g-balance-value', text: money(balance) });
  const soundButton = el('button', { type: 'button', class: 'g-icon-btn g-sound' });
  const infoButton = el('button', {
    type: 'button',
    class: 'g-icon-btn g-info',
    'aria-label': t('info'),
    title: t('info'),
    html: ICONS.info,
  });
  const header = el(
    'header',
    { class: 'g-header' },
    el(
      'div',
      { class: 'g-title' },
      el('strong', { text: data.title }),
      el('span', { class: 'g-nick', text: data.nickname }),
    ),
    el(
      'div',
      { class: 'g-balance', role: 'status', 'aria-live': 'polite' },
      el('span', { class: 'g-balance-label', text: t('balance') }),
      balanceValue,
    ),
    soundButton,
    el('button', {
      type: 'button',
      class: 'g-icon-btn g-fair',
      'aria-label': t('fairness'),
      title: t('fairness'),
      html: ICONS.shield,
      onclick: () => openFairness(),
    }),
    infoButton,
  );
  const toastRegion = el('div', { class: 'g-toasts', role: 'alert', 'aria-live': 'assertive' });
  const stage = el('div', { class: 'g-stage' });
  root.append(header, toastRegion, stage);

  function paintSound() {
    soundButton.innerHTML = sound.on ? ICONS.soundOn : ICONS.soundOff;
    soundButton.setAttribute('aria-pressed', String(sound.on));
    soundButton.setAttribute('aria-label', sound.on ? t('soundOn') : t('soundOff'));
    soundButton.title = sound.on ? t('soundOn') : t('soundOff');
  }
  soundButton.addEventListener('click', () => {
    sound.set(!sound.on);
    paintSound();
    sound.play('click');
  });
  paintSound();

  let infoHandler = null;
  infoButton.addEventListener('click', () => infoHandler?.());

  let balanceFlash = 0;
  const balanceListeners = [];
  function setBalance(centavos) {
    if (!Number.isFinite(centavos)) return;
    const before = balance;
    balance = centavos;
    balanceValue.textContent = money(centavos);
    if (centavos !== before) {
      balanceValue.classList.remove('up', 'down');
      void balanceValue.offsetWidth;
      balanceValue.classList.add(centavos > before ? 'up' : 'down');
      clearTimeout(balanceFlash);
      balanceFlash = setTimeout(() => balanceValue.classList.remove('up', 'down'), 900);
    }
    for (const listener of balanceListeners) listener(balance);
  }

  /** A short message under the header; errors stay a little longer. */
  function toast(message, kind = 'info', duration) {
    const node = el('div', { class: `g-toast g-toast-${kind}` }, el('span', { text: message }));
    const close = el('button', {
      type: 'button',
      class: 'g-toast-close',
      'aria-label': t('close'),
      html: ICONS.close,
      onclick: () => remove(),
    });
    node.append(close);
    while (toastRegion.children.length >= 2) toastRegion.firstElementChild.remove();
    toastRegion.append(node);
    const timer = setTimeout(() => remove(), duration ?? (kind === 'error' ? 6000 : 3200));
    function remove() {
      clearTimeout(timer);
      node.classList.add('out');
      setTimeout(() => node.remove(), ms(200));
    }
    return remove;
  }

  let ended = false;
  /** The session is gone (expired, or the provider restarted): stop play and say how to continue. */
  function endSession() {
    if (ended) return;
    ended = true;
    toastRegion.replaceChildren();
    document.body.classList.add('is-ended');
    for (const listener of lockListeners) listener(true);
    const banner = el(
      'div',
      { class: 'g-ended', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'g-ended-title' },
      el(
        'div',
        { class: 'g-ended-card' },
        el('h2', { id: 'g-ended-title', text: t('sessionEnded') }),
        el('p', { text: t('sessionEndedHelp') }),
      ),
    );
    document.body.append(banner);
  }

  /* ---------- bottom sheet ---------- */

  function openSheet(title, content) {
    const previous = document.activeElement;
    const heading = el('h2', { id: 'g-sheet-title', text: title });
    const closeButton = el('button', {
      type: 'button',
      class: 'g-icon-btn g-sheet-close',
      'aria-label': t('close'),
      html: ICONS.close,
    });
    const sheet = el(
      'section',
      { class: 'g-sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'g-sheet-title', tabindex: '-1' },
      el('header', { class: 'g-sheet-head' }, heading, closeButton),
      el('div', { class: 'g-sheet-body' }, content),
    );
    const backdrop = el('div', { class: 'g-sheet-backdrop' }, sheet);
    function close() {
      document.removeEventListener('keydown', onKey);
      backdrop.classList.add('out');
      setTimeout(() => backdrop.remove(), ms(220));
      previous?.focus?.();
    }
    function onKey(event) {
      if (event.key === 'Escape') close();
    }
    backdrop.addEventListener('click', (event) => {
      if (event.target === backdrop) close();
    });
    closeButton.addEventListener('click', close);
    document.addEventListener('keydown', onKey);
    document.body.append(backdrop);
    sheet.focus();
    return close;
  }

  /* ---------- stake stepper ---------- */

  /** [−] Bet ₱10.00 [+] over a fixed list of stakes in pesos; remembers the choice per game. */
  function stakeStepper(options) {
    const values = options.values.map((p) => p * 100);
    const saved = store.get(`${data.game}:stake`, null);
    let index = Math.max(0, values.indexOf(saved ?? (options.initial ?? values[0] / 100) * 100));
    const amount = el('span', { class: 'g-stepper-amount' });
    const down = el('button', {
      type: 'button',
      class: 'g-stepper-btn',
      'aria-label': t('lowerBet'),
      html: ICONS.minus,
    });
    const up = el('button', { type: 'button', class: 'g-stepper-btn', 'aria-label': t('raiseBet'), html: ICONS.plus });
    const node = el(
      'div',
      { class: 'g-stepper', role: 'group', 'aria-label': t('bet') },
      down,
      el('div', { class: 'g-stepper-value' }, el('span', { class: 'g-stepper-label', text: t('bet') }), amount),
      up,
    );
    let disabled = false;
    function paint() {
      amount.textContent = money(values[index]);
      down.disabled = disabled || index === 0;
      up.disabled = disabled || index === values.length - 1;
    }
    function step(delta) {
      const next = Math.min(values.length - 1, Math.max(0, index + delta));
      if (next === index) return;
      index = next;
      store.set(`${data.game}:stake`, values[index]);
      sound.play('click');
      paint();
      options.onChange?.(values[index]);
    }
    down.addEventListener('click', () => step(-1));
    up.addEventListener('click', () => step(1));
    paint();
    return {
      node,
      get value() {
        return values[index];
      },
      setDisabled(value) {
        disabled = value;
        paint();
      },
    };
  }

  /* ---------- number roll-up ---------- */

  /** Counts el's text from one amount to another (centavos); resolves when done. */
  function rollUp(node, from, to, duration) {
    const length = reducedMotion() ? 0 : duration;
    return new Promise((resolve) => {
      if (length <= 0) {
        node.textContent = money(to);
        resolve();
        return;
      }
      const start = performance.now();
      const token = {};
      node._rollToken = token;
      function frame(now) {
        if (node._rollToken !== token) return resolve();
        const p = Math.min(1, (now - start) / length);
        const eased = 1 - (1 - p) ** 3;
        node.textContent = money(from + (to - from) * eased);
        if (p < 1) requestAnimationFrame(frame);
        else resolve();
      }
      requestAnimationFrame(frame);
    });
  }

  /* ---------- the API and the round lock ---------- */

  async function api(path, body) {
    const response = await fetch(`/provider/api/${encodeURIComponent(data.session)}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return { ok: false, message: '' };
    }
  }

  const SESSION_CODES = [50003, 50004];
  const isSessionEnded = (answer) =>
    SESSION_CODES.includes(answer?.code) || /session (ended|expired)/i.test(String(answer?.message || ''));

  async function refreshBalance() {
    if (ended) return balance;
    try {
      const answer = await api('balance');
      if (answer?.ok) setBalance(toCentavos(answer.balance));
      else if (isSessionEnded(answer)) endSession();
    } catch {
      /* offline: keep the last known balance */
    }
    return balance;
  }

  let locked = false;
  const lockListeners = [];
  function setLocked(value) {
    locked = value;
    document.body.classList.toggle('is-busy', value);
    for (const listener of lockListeners) listener(value || ended);
  }

  function showError(answer) {
    if (isSessionEnded(answer)) return endSession();
    if (typeof answer?.balance === 'number') setBalance(toCentavos(answer.balance));
    if (answer?.code === 40001) return toast(t('insufficient', { balance: money(balance) }), 'error');
    if (answer?.code === 50011) return toast(t('seedsInUse'), 'error');
    // A shared table's two refusals of a bet (the server's texts are English; these are the player's).
    if (answer?.code === 50008 && /already have a bet/.test(answer.message || ''))
      return toast(t('tableOnce'), 'error');
    if (answer?.code === 50008 && /Bets are closed/.test(answer.message || '')) return toast(t('tableShut'), 'error');
    if (answer?.code === 50008 || answer?.code === 10001)
      return toast(t('betInvalid', { min: money(MIN_STAKE), max: money(MAX_STAKE) }), 'error');
    // Account states (suspended, restricted) come with a message from the casino, in English.
    return toast(answer?.message && answer.code >= 20000 ? answer.message : t('failed'), 'error');
  }

  /**
   * Plays one round: takes the lock, checks the stake against the balance, POSTs /play. On success the
   * lock is held and the header shows the balance after the stake; the game animates the outcome and then
   * calls finishRound(answer), which shows the final balance and tells the casino frame. Null on failure.
   */
  async function play(body) {
    if (ended) {
      endSession();
      return null;
    }
    if (locked) {
      toast(t('busy'));
      return null;
    }
    setLocked(true);
    try {
      if (body.stake > balance) {
        // The balance may have grown (a deposit in the casino window): ask before refusing.
        await refreshBalance();
        if (ended) {
          setLocked(false);
          return null;
        }
        if (body.stake > balance) {
          showError({ code: 40001 });
          setLocked(false);
          return null;
        }
      }
      const answer = await api('play', body);
      if (answer?.ok !== true) {
        showError(answer);
        setLocked(false);
        return null;
      }
      lastRoundId = answer.roundId;
      setBalance(toCentavos(answer.balance) - answer.win);
      return answer;
    } catch {
      toast(t('network'), 'error');
      setLocked(false);
      refreshBalance();
      return null;
    }
  }

  /** After the animation: the round's final balance in the header and in the casino's frame. */
  function finishRound(answer) {
    if (answer) {
      setBalance(toCentavos(answer.balance));
      if (window.parent && window.parent !== window) {
        try {
          window.parent.postMessage({ type: 'game-round', balance: answer.balance }, location.origin);
        } catch {
          /* a parent on another origin does not get the message */
        }
      }
    }
    setLocked(false);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !locked) refreshBalance();
  });

  /* ---------- stepped rounds ---------- */

  let acting = false;
  /**
   * One action on the open stepped round (the lock taken by Game.play stays held while it is open).
   * Answers like Game.play: done false with `view` while the round goes on; once done, the game animates
   * and calls finishRound(answer). Null when refused (a toast says why; the round is unchanged).
   */
  async function act(roundId, action) {
    if (ended) {
      endSession();
      return null;
    }
    if (acting) return null;
    acting = true;
    try {
      const answer = await api('act', { roundId, action });
      if (answer?.ok !== true) {
        if (answer?.code === 50009) toast(answer.message || t('actionInvalid'), 'error');
        else showError(answer);
        return null;
      }
      lastRoundId = answer.roundId;
      setBalance(toCentavos(answer.balance) - answer.win);
      return answer;
    } catch {
      toast(t('network'), 'error');
      return null;
    } finally {
      acting = false;
    }
  }

  /* ---------- shared tables: rounds on the server clock for every player ---------- */

  const titleInfo = gameData.titleInfo || { key: '', name: data.title, theme: '', art: '', shared: false };
  const family = gameData.family || data.game;
  /** The table's draws from the server, oldest first (POST history): the roads and last results. */
  let tableDraws = [];
  const historyListeners = [];
  if (titleInfo.shared) {
    const banner = el('div', { class: 'g-table-banner', role: 'status', 'aria-live': 'polite' });
    const live = liveTable();
    root.insertBefore(banner, stage);
    root.insertBefore(live.node, stage);
    let pending = false;
    let lastSeen = null;
    async function loadHistory() {
      try {
        const answer = await api('history');
        if (answer?.ok) {
          tableDraws = answer.draws;
          live.paint(tableDraws);
          for (const listener of historyListeners) listener(tableDraws);
        }
      } catch {
        /* offline: the next draw asks again */
      }
    }
    async function poll() {
      if (ended || pending) return;
      pending = true;
      try {
        const status = await api('table');
        if (status?.ok) {
          const seconds = Math.ceil(status.closesInMs / 1000);
          banner.classList.toggle('is-closed', !status.open);
          const shares = status.open && status.bets > 0 ? Object.entries(status.shares || {}) : [];
          fill(
            banner,
            el('strong', { text: t('tableRound', { n: status.round }) }),
            el('span', { text: status.open ? t('tableOpen', { seconds }) : t('tableClosed') }),
            status.bets > 0
              ? el('span', {
                  class: 'g-muted',
                  text: t('tableBets', { count: status.bets, total: money(status.staked) }),
                })
              : null,
            shares.length
              ? el(
                  'span',
                  { class: 'g-table-shares', 'aria-label': t('tableShares') },
                  ...shares.map(([side, pct]) =>
                    el(
                      'span',
                      { class: `g-share g-share-${side}` },
                      `${sideName(side)} `,
                      el('b', { text: `${pct}%` }),
                      el('i', { style: `width:${pct}%` }),
                    ),
                  ),
                )
              : null,
            status.last ? el('span', { class: 'g-muted', text: status.last.result }) : null,
          );
          live.dealer.classList.toggle('is-drawing', !status.open);
          const drawn = status.last?.round ?? null;
          if (drawn !== lastSeen) {
            lastSeen = drawn;
            loadHistory();
          }
        } else if (isSessionEnded(status)) endSession();
      } catch {
        /* offline: the next poll tries again */
      } finally {
        pending = false;
      }
    }
    poll();
    setInterval(poll, 1000);
  }

  function sideName(side) {
    const key = `side_${side}`;
    const text = t(key);
    return text === key ? side : text;
  }

  /**
   * A shared table's live panel: the dealer scene (a dealer at the table, dealing cards, spinning the ball or
   * shaking the dice while the round is drawn) and the table's history from the server: baccarat's big road
   * and bead road, roulette's and sic bo's last results with hot and cold numbers, the others' last results.
   */
  function liveTable() {
    const svgNs = 'http://www.w3.org/2000/svg';
    const dealer = document.createElement('div');
    dealer.className = `g-dealer g-dealer-${family}`;
    dealer.setAttribute('role', 'img');
    dealer.setAttribute('aria-label', t('dealer'));
    const prop =
      {
        baccarat: 'cards',
        dragonTiger: 'cards',
        andarBahar: 'cards',
        lucky9: 'cards',
        roulette: 'wheel',
        moneyWheel: 'wheel',
        sicBo: 'dice',
        colorGame: 'dice',
        fanTan: 'dice',
      }[family] || 'cards';
    const props = {
      cards:
        '<g class="gd-cards"><rect class="gd-card gd-c1" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c2" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c3" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-card gd-c4" x="118" y="70" width="16" height="22" rx="2"/><rect class="gd-shoe" x="160" y="66" width="26" height="18" rx="3"/></g>',
      wheel:
        '<g class="gd-wheel" transform="translate(196 78)"><circle r="24" class="gd-rim"/><g class="gd-spin"><circle r="18" class="gd-pockets"/><path d="M0-18V18M-18 0H18M-13-13L13 13M13-13L-13 13" class="gd-spokes"/></g><g class="gd-ball-orbit"><circle cx="0" cy="-21" r="3" class="gd-ball"/></g></g>',
      dice: '<g class="gd-shaker" transform="translate(196 82)"><path d="M-20 8h40l-6-30h-28z" class="gd-cup"/><g class="gd-dice"><rect x="-16" y="10" width="9" height="9" rx="2"/><rect x="-4" y="10" width="9" height="9" rx="2"/><rect x="8" y="10" width="9" height="9" rx="2"/></g></g>',
    };
    dealer.innerHTML = `<svg class="gd-svg" viewBox="0 0 240 104" xmlns="${svgNs}" aria-hidden="true" focusable="false">
      <rect class="gd-wall" x="0" y="0" width="240" height="104"/>
      <path class="gd-felt" d="M0 86 Q120 64 240 86 V104 H0z"/>
      <g class="gd-figure">
        <path class="gd-body" d="M92 86 q0-30 28-32 q28 2 28 32z"/>
        <path class="gd-vest" d="M112 56 l8 16 l8-16 l6 30 h-28z"/>
        <path class="gd-tie" d="M114 56 l6 4 l6-4 l-2 6 l-4-2 l-4 2z"/>
        <circle class="gd-head" cx="120" cy="38" r="13"/>
        <path class="gd-hair" d="M107 36 q2-16 13-16 q12 0 13 16 q-5-8-13-8 q-9 0-13 8z"/>
        <circle class="gd-eye" cx="115" cy="39" r="1.4"/><circle class="gd-eye" cx="125" cy="39" r="1.4"/>
        <path class="gd-smile" d="M116 44 q4 3 8 0"/>
        <path class="gd-arm gd-arm-l" d="M96 74 q-6 8 4 12"/>
        <path class="gd-arm gd-arm-r" d="M144 70 q14 2 30 8"/>
      </g>
      ${props[prop]}
    </svg>`;
    const roads = el('div', { class: 'g-roads' });
    const node = el('section', { class: `g-live g-live-${family}` }, dealer, roads);

    function paint(draws) {
      if (!draws.length) return fill(roads, el('p', { class: 'g-muted g-roads-empty', text: t('tableNoDraw2') }));
      if (family === 'baccarat') return fill(roads, bigRoad(draws), beadRoad(draws));
      if (family === 'roulette') return fill(roads, ...numbers(draws, (f) => f.number, rouletteClass, 37, 0));
      if (family === 'sicBo') return fill(roads, ...numbers(draws, (f) => f.total, sicBoClass, 16, 3));
      return fill(
        roads,
        el('h4', { text: t('lastResults') }),
        el(
          'div',
          { class: 'g-last' },
          ...draws
            .slice(-12)
            .reverse()
            .map((d) => el('span', { class: 'g-last-item', text: shortResult(d) })),
        ),
      );
    }

    const winnerLetter = (w) => ({ player: 'P', banker: 'B', tie: 'T' })[w] || '?';
    const rankOf = (card) => String(card).slice(0, -1);
    const pairs = (f) => ({
      p: Array.isArray(f.player) && f.player.length > 1 && rankOf(f.player[0]) === rankOf(f.player[1]),
      b: Array.isArray(f.banker) && f.banker.length > 1 && rankOf(f.banker[0]) === rankOf(f.banker[1]),
    });

    /**
     * The big road: a column per run of one winner (player or banker), down six rows, then turning right
     * along the bottom row when the column is full (the "dragon tail"); a tie is a mark on the last cell.
     */
    function bigRoad(draws) {
      const cells = new Map();
      let col = -1;
      let row = 0;
      let runCol = -1;
      let last = null;
      let lastCell = null;
      let leadingTies = 0;
      for (const d of draws) {
        const f = d.facts || {};
        if (f.winner === 'tie') {
          if (lastCell) lastCell.ties += 1;
          else {
            // Ties before the first Player or Banker hand: marked on the first cell, still empty.
            leadingTies += 1;
            cells.set('0,0', { winner: 'none', ties: leadingTies, p: false, b: false });
          }
          continue;
        }
        if (f.winner !== last) {
          runCol += 1;
          col = runCol;
          row = 0;
          last = f.winner;
        } else if (row < 5 && !cells.has(`${col},${row + 1}`)) row += 1;
        else col += 1;
        lastCell = { winner: f.winner, ties: leadingTies, ...pairs(f) };
        leadingTies = 0;
        cells.set(`${col},${row}`, lastCell);
      }
      const width = Math.max(16, ...[...cells.keys()].map((k) => Number(k.split(',')[0]) + 1));
      // The newest sixteen columns (what a 390 px screen has room for beside the dealer).
      const first = Math.max(0, width - 16);
      const grid = el('div', { class: 'g-road g-big-road', role: 'table', 'aria-label': t('bigRoad') });
      for (let r = 0; r < 6; r++)
        for (let c = first; c < width; c++) {
          const cell = cells.get(`${c},${r}`);
          grid.append(
            el(
              'i',
              {
                class: cell ? `gr-ring gr-${cell.winner}${cell.ties ? ' gr-tied' : ''}` : 'gr-empty',
                style: `grid-row:${r + 1};grid-column:${c - first + 1}`,
                title: cell ? `${sideName(cell.winner)}${cell.ties ? ` +${cell.ties} ${sideName('tie')}` : ''}` : '',
              },
              cell?.ties ? el('b', { class: 'gr-ties', text: cell.ties > 1 ? String(cell.ties) : '' }) : null,
              cell?.p ? el('u', { class: 'gr-pp' }) : null,
              cell?.b ? el('u', { class: 'gr-bp' }) : null,
            ),
          );
        }
      return el('div', { class: 'g-road-box' }, el('h4', { text: t('bigRoad') }), grid);
    }

    /** The bead road: every hand in order, six to a column, its winner's letter and colour. */
    function beadRoad(draws) {
      // At most eight columns (under the dealer), the first one starting a column of the history (so beads
      // keep their cells).
      const shown = draws.slice(Math.max(0, Math.ceil((draws.length - 48) / 6) * 6));
      const grid = el('div', { class: 'g-road g-bead-road', role: 'table', 'aria-label': t('beadRoad') });
      shown.forEach((d, i) => {
        const w = d.facts?.winner;
        grid.append(
          el('i', {
            class: `gr-bead gr-${w}`,
            style: `grid-row:${(i % 6) + 1};grid-column:${Math.floor(i / 6) + 1}`,
            text: winnerLetter(w),
            title: d.result,
          }),
        );
      });
      const count = (w) => draws.filter((d) => d.facts?.winner === w).length;
      const counts = el(
        'div',
        { class: 'g-road-counts' },
        ...['player', 'banker', 'tie'].map((w) =>
          el('span', { class: `gr-count gr-${w}` }, el('i', { text: winnerLetter(w) }), String(count(w))),
        ),
      );
      return el('div', { class: 'g-road-box' }, el('h4', { text: t('beadRoad') }), grid, counts);
    }

    const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    const rouletteClass = (n) => (n === 0 ? 'gr-green' : RED.includes(n) ? 'gr-red' : 'gr-black');
    const sicBoClass = (n) => (n >= 11 ? 'gr-big' : 'gr-small');

    /** Last results newest first, then the hot (most drawn) and cold (least drawn) values over the history. */
    function numbers(draws, pick, classOf, span, from) {
      const values = draws.map((d) => pick(d.facts || {})).filter((v) => typeof v === 'number');
      const counts = new Map();
      for (let v = from; v < from + span; v++) counts.set(v, 0);
      for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
      const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const ball = (v, extra) => el('span', { class: `gr-num ${classOf(v)}`, text: String(v), title: extra ?? '' });
      return [
        el('h4', { text: t('lastResults') }),
        el(
          'div',
          { class: 'g-last' },
          ...values
            .slice(-20)
            .reverse()
            .map((v) => ball(v)),
        ),
        el(
          'div',
          { class: 'g-hotcold' },
          el('span', { class: 'gr-hot', text: t('hot') }),
          ...ranked
            .filter(([, c]) => c > 0)
            .slice(0, 4)
            .map(([v, c]) => ball(v, `×${c}`)),
          el('span', { class: 'gr-cold', text: t('cold') }),
          ...ranked
            .slice(-4)
            .reverse()
            .map(([v, c]) => ball(v, `×${c}`)),
        ),
      ];
    }

    function shortResult(d) {
      const f = d.facts || {};
      if (family === 'dragonTiger') return sideName(f.winner);
      if (family === 'moneyWheel') return String(f.label ?? d.result);
      if (family === 'colorGame' && Array.isArray(f.dice)) return f.dice.join(' · ');
      return d.result;
    }

    return { node, dealer, paint };
  }

  /* ---------- provably fair ---------- */

  let seeds = gameData.seeds || null;
  let lastRoundId = '';
  const verifyUrl = (roundId) => `/provider/verify${roundId ? `?roundId=${encodeURIComponent(roundId)}` : ''}`;

  function seedRow(label, value) {
    return el(
      'div',
      { class: 'g-seed' },
      el('dt', { text: label }),
      el('dd', { class: 'g-mono', text: String(value) }),
    );
  }

  /** A new random client seed to offer (the player may type their own). */
  function randomClientSeed() {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  /** A revealed seed pair (the player's last, or a table's last draw): what recomputes its rounds. */
  function revealedPair(pair) {
    return el(
      'dl',
      {},
      seedRow(t('serverSeed'), pair.serverSeed),
      seedRow(t('revealedHash'), pair.serverSeedHash),
      seedRow(t('clientSeed'), pair.clientSeed),
      seedRow(t('nonce'), pair.nonce),
    );
  }

  function verifyLink() {
    return el('a', {
      class: 'g-link',
      href: `${verifyUrl(lastRoundId)}${lastRoundId ? '&' : '?'}lang=${data.language}`,
      target: '_blank',
      rel: 'noopener',
      text: t('verify'),
    });
  }

  /**
   * The fairness panel, as Stake-class sites show it: the active pair (its server seed hashed), the next
   * server seed's hash committed before the player types a new client seed, the rotation (refused by the
   * server while a round on the pair is open, on any tab), and the last revealed pair. A shared table
   * shows the dealer's seeds of its rounds instead: players have no pair of their own there.
   */
  function fairPanel() {
    const panel = el('div', { class: 'g-fair-panel' });
    let newSeed = randomClientSeed();
    function paintTable(table) {
      const last = table?.last;
      fill(
        panel,
        el('p', { text: t('tableSeeds') }),
        el('p', { class: 'g-muted', text: t('tableRound', { n: table?.round ?? '—' }) }),
        el('dl', {}, seedRow(t('tableSeedHash'), table?.serverSeedHash || '—')),
        el('h3', { text: t('previousSeeds') }),
        last
          ? [
              el('p', { class: 'g-muted', text: t('tableLast', { n: last.round, result: last.result }) }),
              revealedPair(last),
            ]
          : el('p', { class: 'g-muted', text: t('tableNoDraw') }),
        lastRoundId ? el('p', { class: 'g-muted g-mono', text: t('lastRound', { id: lastRoundId }) }) : null,
        verifyLink(),
      );
    }
    function paint() {
      // A shared crash round draws from the round's seeds too (crash-room.ts), as a shared table does.
      if (titleInfo.shared || data.game === 'crash') return paintTable(seeds?.table);
      const input = el('input', {
        class: 'g-mono',
        value: newSeed,
        maxlength: '64',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-label': t('newClientSeed'),
        oninput: () => {
          newSeed = input.value;
        },
      });
      const form = el(
        'form',
        {
          class: 'g-seed-form',
          onsubmit: async (event) => {
            event.preventDefault();
            const clientSeed = input.value.trim();
            if (!/^[A-Za-z0-9_.-]{1,64}$/.test(clientSeed)) return toast(t('clientSeedInvalid'), 'error');
            if (locked) return toast(t('seedsInUse'), 'error');
            const answer = await api('seeds/rotate', { clientSeed });
            if (answer?.ok !== true) return showError(answer);
            seeds = answer;
            newSeed = randomClientSeed();
            toast(t('rotated'));
            paint();
          },
        },
        el('dl', {}, seedRow(t('nextServerSeedHash'), seeds?.nextServerSeedHash || '—')),
        el('label', {}, el('span', { text: t('newClientSeed') }), input),
        el('p', { class: 'g-muted', text: t('rotateHelp') }),
        el('button', { type: 'submit', class: 'g-btn g-btn-secondary', text: t('rotate') }),
      );
      const previous = seeds?.previous;
      fill(
        panel,
        el('p', { text: t('fairIntro') }),
        el(
          'dl',
          {},
          seedRow(t('serverSeedHash'), seeds?.serverSeedHash || '—'),
          seedRow(t('clientSeed'), seeds?.clientSeed || '—'),
          seedRow(t('nonce'), seeds?.nonce ?? 0),
        ),
        seeds?.roundOpen || locked ? el('p', { class: 'g-note', role: 'note', text: t('roundOpenNote') }) : null,
        form,
        el('h3', { text: t('previousSeeds') }),
        previous ? revealedPair(previous) : el('p', { class: 'g-muted', text: t('noPrevious') }),
        lastRoundId ? el('p', { class: 'g-muted g-mono', text: t('lastRound', { id: lastRoundId }) }) : null,
        verifyLink(),
      );
    }
    paint();
    // Fresh numbers (the nonce moved with each round; a table moved to its next round).
    api('seeds').then((answer) => {
      if (answer?.ok) {
        seeds = answer;
        paint();
      } else if (isSessionEnded(answer)) endSession();
    });
    return panel;
  }

  function openFairness() {
    openSheet(t('fairness'), fairPanel());
  }

  window.Game = {
    data,
    vi,
    t,
    addStrings,
    money,
    toCentavos,
    el,
    fill,
    wait,
    ms,
    reducedMotion,
    store,
    sound,
    toast,
    openSheet,
    stakeStepper,
    rollUp,
    play,
    act,
    finishRound,
    /** POST /provider/api/<session>/<path> for a family's own calls (crash's round, fishing's pond): the parsed answer. */
    api,
    /** The engine family drawing this page (its script is assets/<family>.js) and its kind. */
    family: gameData.family || data.game,
    kind: gameData.kind || 'oneShot',
    /** The family's rules for this title: the very object the server pays from. */
    rules: gameData.rules ?? null,
    /** The written return to player, 0..1. */
    rtp: gameData.rtp ?? null,
    /** { key, name, theme, art, shared } */
    titleInfo,
    /** A shared table's draws from the server, oldest first; listener(draws) after each draw. */
    get tableDraws() {
      return tableDraws;
    },
    onTableHistory(listener) {
      historyListeners.push(listener);
    },
    fairPanel,
    openFairness,
    verifyUrl,
    refreshBalance,
    endSession,
    stage,
    MIN_STAKE,
    MAX_STAKE,
    get balance() {
      return balance;
    },
    get busy() {
      return locked;
    },
    get ended() {
      return ended;
    },
    /** listener(disabled) whenever the round lock or the session state changes. */
    onLock(listener) {
      lockListeners.push(listener);
    },
    onBalance(listener) {
      balanceListeners.push(listener);
    },
    /** What the header's info button opens. */
    setInfo(handler) {
      infoHandler = handler;
    },
  };
})();
