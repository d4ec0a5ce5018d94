/*
 * Coin flip: call heads or tails for 1 to Game.rules.maxCoins coins; every coin must land on the call. The pay
 * is rtp x 2^coins rounded down to the hundredth (the server's coinFlipPays, recomputed from Game.rules).
 * The coins spin and land on the server's flips (outcome.flips). Faces are drawn in SVG.
 */
import type { CoinFlipConfig, CoinFlipOutcome, CoinSide } from '../games/coinFlip';
import { Game } from './kit/game';
import { openRules, timesText } from './originals/sheet';
import { applyTheme, ORIGINAL_STAKES, statsRow } from './originals/stats';
import './styles/originals.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as CoinFlipConfig | undefined;
  G.addStrings(
    {
      cfFlip: 'Flip',
      cfHeads: 'Heads',
      cfTails: 'Tails',
      cfCall: 'Your call',
      cfCoins: 'Coins',
      cfCoinsN: '{n} coins',
      cfCoinOne: '1 coin',
      cfPays: 'Pays',
      cfChance: 'Win chance',
      cfPayout: 'Win on hit',
      cfWon: 'All {side} — you win {amount}',
      cfLost: 'Not all {side} — no win',
      cfCoin: 'Coin {n}: {face}',
      cfRule1: 'Call heads or tails and choose 1 to {max} coins, then press Flip.',
      cfRule2: 'Every coin must land on your call to win; one wrong coin loses the bet.',
      cfRule3:
        'A win pays your bet times {rtp}% of 2 to the power of the number of coins, rounded down to the hundredth.',
      cfTable: 'Pays by number of coins',
    },
    {
      cfFlip: 'Tung',
      cfHeads: 'Ngửa',
      cfTails: 'Sấp',
      cfCall: 'Bạn chọn',
      cfCoins: 'Số đồng xu',
      cfCoinsN: '{n} đồng xu',
      cfCoinOne: '1 đồng xu',
      cfPays: 'Trả',
      cfChance: 'Tỷ lệ thắng',
      cfPayout: 'Tiền thắng',
      cfWon: 'Tất cả đều {side} — bạn thắng {amount}',
      cfLost: 'Không phải tất cả đều {side} — không thắng',
      cfCoin: 'Đồng xu {n}: {face}',
      cfRule1: 'Chọn ngửa hoặc sấp và từ 1 đến {max} đồng xu, rồi bấm Tung.',
      cfRule2: 'Mọi đồng xu phải ra đúng mặt bạn chọn mới thắng; sai một đồng là mất tiền cược.',
      cfRule3: 'Thắng được trả tiền cược nhân {rtp}% của 2 mũ số đồng xu, làm tròn xuống đến phần trăm.',
      cfTable: 'Trả thưởng theo số đồng xu',
    },
  );
  if (!R) return;
  applyTheme(R.theme.colors);

  // Heads: a profile bust; tails: a seal with a star (drawn, no images).
  const HEADS =
    '<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="15" r="7.5" fill="currentColor"/><path d="M7 36c1.5-8 7-12 13-12s11.5 4 13 12z" fill="currentColor"/></svg>';
  const TAILS =
    '<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="20" r="16" fill="none" stroke="currentColor" stroke-width="2.5"/><circle cx="20" cy="20" r="11" fill="none" stroke="currentColor" stroke-width="1.5" stroke-dasharray="2 2"/><path d="M20 11l2.6 5.9 6.4.6-4.8 4.3 1.4 6.3L20 24.8l-5.6 3.3 1.4-6.3-4.8-4.3 6.4-.6z" fill="currentColor"/></svg>';

  /** The pay in hundredths, as the server computes it (fairHundredths(rtp, 1 / 2^coins)). */
  const coinsLabel = (n: number) => (n === 1 ? t('cfCoinOne') : t('cfCoinsN', { n }));
  const paysOf = (n: number) => Math.floor((R.rtp / (1 / 2 ** n)) * 100 + 1e-9);
  let side: CoinSide = G.store.get<string>('coinFlip:side', 'heads') === 'tails' ? 'tails' : 'heads';
  let count = Math.min(R.maxCoins, Math.max(1, Number(G.store.get<number>('coinFlip:coins', 1)) || 1));
  let coins: { node: HTMLElement; turn: number }[] = [];
  const coinRow = el('div', { class: 'cf-coins' });
  const heads = el('button', { type: 'button', text: t('cfHeads') });
  const tails = el('button', { type: 'button', text: t('cfTails') });
  heads.addEventListener('click', () => setSide('heads'));
  tails.addEventListener('click', () => setSide('tails'));
  const countSeg = el('div', { class: 'og-seg', role: 'group', 'aria-label': t('cfCoins') });
  const countButtons: HTMLButtonElement[] = [];
  for (let n = 1; n <= R.maxCoins; n++) {
    const b = el('button', { type: 'button', text: String(n), 'aria-label': coinsLabel(n) });
    b.addEventListener('click', () => setCount(n));
    countButtons.push(b);
    countSeg.append(b);
  }
  const stats = statsRow(G, [t('cfChance'), t('cfPays'), t('cfPayout')]);
  const [chanceOut, paysOut, payoutOut] = stats.values as [HTMLElement, HTMLElement, HTMLElement];
  const status = el('div', { class: 'og-status', 'aria-live': 'polite' });
  const stepper = G.stakeStepper({
    values: ORIGINAL_STAKES,
    initial: 10,
    onChange: () => paint(),
  });
  const flip = el('button', { type: 'button', class: 'g-btn og-main', text: t('cfFlip') });
  G.stage.append(
    el('div', { class: 'og-panel' }, coinRow),
    el(
      'div',
      { class: 'og-panel', style: 'display:grid;gap:10px' },
      el(
        'div',
        { class: 'og-field' },
        el('span', { text: t('cfCall') }),
        el('div', { class: 'og-seg', role: 'group', 'aria-label': t('cfCall') }, heads, tails),
      ),
      el('div', { class: 'og-field' }, el('span', { text: t('cfCoins') }), countSeg),
    ),
    stats.node,
    status,
    el('div', { class: 'og-row' }, stepper.node, flip),
  );

  const makeCoins = () => {
    coins = [];
    coinRow.replaceChildren();
    coinRow.classList.toggle('many', count > 3);
    for (let i = 0; i < count; i++) {
      const node = el(
        'div',
        { class: 'cf-coin', role: 'img', 'aria-label': t('cfCoin', { n: i + 1, face: t('cfHeads') }) },
        el('div', { class: 'cf-face heads', html: HEADS }),
        el('div', { class: 'cf-face tails', html: TAILS }),
      );
      coins.push({ node, turn: 0 });
      coinRow.append(node);
    }
  };
  const setSide = (s: CoinSide) => {
    if (G.busy) return;
    side = s;
    G.store.set('coinFlip:side', side);
    G.sound.play('click');
    paint();
  };
  const setCount = (n: number) => {
    if (G.busy) return;
    count = n;
    G.store.set('coinFlip:coins', count);
    G.sound.play('click');
    makeCoins();
    paint();
  };
  const paint = () => {
    heads.setAttribute('aria-pressed', String(side === 'heads'));
    tails.setAttribute('aria-pressed', String(side === 'tails'));
    countButtons.forEach((b, i) => {
      b.setAttribute('aria-pressed', String(i + 1 === count));
    });
    const p = 100 / 2 ** count;
    chanceOut.textContent = `${p >= 10 ? p.toFixed(1) : p.toFixed(3)}%`;
    paysOut.textContent = timesText(paysOf(count));
    payoutOut.textContent = money(Math.floor((stepper.value * paysOf(count)) / 100));
  };
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    flip.disabled = locked;
    heads.disabled = locked;
    tails.disabled = locked;
    for (const b of countButtons) b.disabled = locked;
  });

  flip.addEventListener('click', async () => {
    const answer = await G.play<CoinFlipOutcome>({ stake: stepper.value, side, coins: count });
    if (!answer) return;
    const o = answer.outcome;
    status.textContent = '';
    status.className = 'og-status';
    if (coins.length !== o.flips.length) makeCoins();
    G.sound.play('flip');
    o.flips.forEach((face, i) => {
      const coin = coins[i];
      if (!coin) return;
      coin.node.classList.remove('hit', 'miss');
      // Whole turns (more for later coins), ending on the server's face: 0deg heads, 180deg tails.
      const spins = G.reducedMotion() ? 0 : 4 + i;
      coin.turn = (Math.floor(coin.turn / 360) + spins + 1) * 360 + (face === 'tails' ? 180 : 0);
      coin.node.style.transitionDelay = G.reducedMotion() ? '0s' : `${i * 0.12}s`;
      coin.node.style.transform = `rotateY(${coin.turn}deg)`;
      coin.node.setAttribute(
        'aria-label',
        t('cfCoin', { n: i + 1, face: t(face === 'heads' ? 'cfHeads' : 'cfTails') }),
      );
    });
    await G.wait(G.reducedMotion() ? 50 : 900 + o.flips.length * 120);
    o.flips.forEach((face, i) => {
      coins[i]?.node.classList.add(face === o.side ? 'hit' : 'miss');
    });
    const sideName = t(o.side === 'heads' ? 'cfHeads' : 'cfTails').toLowerCase();
    status.classList.toggle('lost', !o.won);
    status.textContent = o.won
      ? t('cfWon', { side: sideName, amount: money(answer.win) })
      : t('cfLost', { side: sideName });
    G.sound.play(o.won ? 'win' : 'lose');
    G.finishRound(answer);
  });
  makeCoins();
  paint();

  G.setInfo(() =>
    openRules(G, {
      rules: [t('cfRule1', { max: R.maxCoins }), t('cfRule2'), t('cfRule3', { rtp: (R.rtp * 100).toFixed(2) })],
      table: {
        title: t('cfTable'),
        rows: Array.from({ length: R.maxCoins }, (_, i) => [coinsLabel(i + 1), timesText(paysOf(i + 1))] as const),
      },
      rtp: R.rtp,
    }),
  );
})();
