/*
 * The slot studio's page: one page for every slot configuration. It draws the reels, symbols (SVG art
 * from the config's theme), paylines or ways, free spins and the bonus round from Game.rules — the same
 * object the server pays from — and only shows the server's result: the reels stop on outcome.base, free
 * spins play out as a sequence, the bonus reveals the prizes the server drew. The parts live in slot/:
 * context (the narrowed rules), art, reels, paylines, bonus, paytable and strings.
 */
import type { SlotOutcome } from '../games/slot';
import { Game, type GameKit } from './kit/game';
import { symbolArt } from './slot/art';
import { createBonus } from './slot/bonus';
import { slotPage, slotRules } from './slot/context';
import { createPaylines } from './slot/paylines';
import { openRulesSheet } from './slot/paytable';
import { createReels } from './slot/reels';
import { addSlotStrings } from './slot/strings';
import './styles/slot.css';

if (Game) mount(Game);

/** Builds the cabinet on the kit's stage. */
function mount(G: GameKit) {
  const { el, t, money } = G;
  addSlotStrings(G);

  const R = slotRules(G.rules);
  if (!R) {
    G.stage.append(el('p', { class: 'sl-missing', text: t('failed') }));
    return;
  }

  const page = slotPage(G, R);
  const { ways } = page;
  const vi = G.vi;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--sl-bg1', c1);
  document.body.style.setProperty('--sl-bg2', c2);
  document.body.style.setProperty('--sl-accent', c3);
  document.body.dataset.theme = R.theme.key;

  /* ---------- layout ---------- */

  const art = symbolArt(page);
  const reels = createReels(page, art);
  reels.paint(null);

  const banner = el('div', { class: 'sl-banner', 'aria-live': 'polite', text: t('goodLuck') });
  const paylines = createPaylines(page, reels.cells, banner);
  // cells a little taller than wide (1 : 1.3; nearly square on a 3-reel machine, whose reels are wide)
  const reelWindow = el(
    'div',
    { class: 'sl-window', style: `--reels-ratio:${(R.reels / (R.rows * (R.reels <= 3 ? 1.05 : 1.3))).toFixed(4)}` },
    el('div', { class: 'sl-window-in' }, reels.grid, paylines.layer),
  );

  const winValue = el('strong', { class: 'sl-win-value', text: money(0) });
  const meter = el(
    'div',
    { class: 'sl-meter' },
    el(
      'div',
      { class: 'sl-meter-box' },
      el('span', { class: 'sl-meter-label', text: R.lines ? t('lines') : t('ways') }),
      el('strong', {
        class: 'sl-meter-value',
        text: String(R.lines ? R.lines.length : ways.toLocaleString(vi ? 'vi-VN' : 'en-US')),
      }),
    ),
    el('div', { class: 'sl-meter-box sl-win' }, el('span', { class: 'sl-meter-label', text: t('win') }), winValue),
  );
  // the cabinet's topper: the title, then the set's showpieces (its richest pay symbol, the wild, and the
  // scatter or bonus symbol when it has one)
  const wild = R.symbols.find((s) => s.kind === 'wild') ?? R.symbols[0];
  const pays = R.symbols.filter((s) => s.kind === 'pay' && s.id !== wild?.id);
  const feature = R.symbols.find((s) => s.kind === 'scatter') ?? R.symbols.find((s) => s.kind === 'bonus') ?? pays[1];
  const showpieces = [pays[0], wild, feature].filter((s) => s !== undefined);
  const topper = el(
    'div',
    { class: 'sl-topper' },
    el(
      'div',
      { class: 'sl-marquee' },
      el('h1', { class: 'sl-name', text: G.titleInfo?.name ?? R.name }),
      el('span', {
        class: 'sl-sub',
        text: R.lines
          ? t('linesInfo', { n: R.lines.length })
          : t('waysInfo', { n: ways.toLocaleString(vi ? 'vi-VN' : 'en-US') }),
      }),
    ),
    el(
      'div',
      { class: 'sl-showcase', 'aria-hidden': 'true' },
      showpieces.map((s, i) => el('span', { class: `sl-topper-art${i === 1 ? ' sl-centre' : ''}` }, art(s.id))),
    ),
  );
  const overlay = el('div', { class: 'sl-overlay', hidden: true });
  const stepper = G.stakeStepper({
    values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
    initial: 10,
  });
  const spinButton = el('button', {
    type: 'button',
    class: 'g-btn sl-spin',
    html: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4.5h-4.5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  });
  spinButton.append(el('span', { text: t('spin') }));
  const controls = el('div', { class: 'sl-controls' }, stepper.node, spinButton);
  const cabinet = el(
    'div',
    { class: 'sl-cabinet' },
    topper,
    el('div', { class: 'sl-reelbox' }, reelWindow, overlay),
    meter,
    banner,
    controls,
  );
  G.stage.append(cabinet);
  G.onLock((locked) => {
    spinButton.disabled = locked;
    stepper.setDisabled(locked);
  });

  /* ---------- a round ---------- */

  let shown = 0;
  async function addWin(amount: number) {
    const next = shown + amount;
    await G.rollUp(winValue, shown, next, 500);
    shown = next;
  }
  const bonusRound = createBonus(page, { overlay, banner, addWin });

  async function spin() {
    const stake = stepper.value;
    const answer = await G.play<SlotOutcome>({ stake });
    if (!answer) return;
    const o = answer.outcome;
    shown = 0;
    winValue.textContent = money(0);
    banner.textContent = t('goodLuck');
    await reels.spinTo(o.base.grid);
    if (o.base.coins > 0) {
      await addWin(page.coinsToMoney(stake, o.base.coins));
      await paylines.showWins(o.base, stake, 0.9);
    }
    if (o.freeSpins) {
      overlay.hidden = false;
      overlay.replaceChildren(
        el('h2', { text: t('freeSpinsWon', { n: o.freeSpins.spins.length, m: o.freeSpins.multiplier }) }),
      );
      G.sound.play('bigwin');
      await G.wait(G.ms(1400));
      overlay.hidden = true;
      document.body.classList.add('sl-free');
      for (const [i, s] of o.freeSpins.spins.entries()) {
        banner.textContent = t('freeSpin', { i: i + 1, n: o.freeSpins.spins.length });
        await reels.spinTo(s.grid);
        if (s.coins > 0) {
          await addWin(page.coinsToMoney(stake, s.coins));
          await paylines.showWins(s, stake, 0.5);
        }
      }
      document.body.classList.remove('sl-free');
    }
    if (o.bonus) await bonusRound(o.bonus, stake);
    winValue.textContent = money(answer.win);
    if (answer.win >= stake * 20) {
      banner.textContent = `${t('bigWin')} · ${money(answer.win)}`;
      G.sound.play('bigwin');
    } else if (answer.win > 0) {
      banner.textContent = `${t('totalWin')} · ${money(answer.win)}`;
      G.sound.play('win');
    } else {
      banner.textContent = t('noWin');
    }
    G.finishRound(answer);
  }
  spinButton.addEventListener('click', spin);

  /* ---------- how to play ---------- */

  G.setInfo(() => openRulesSheet(page, art, stepper.value));
}
