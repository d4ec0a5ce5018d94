/*
 * Mines: a 5x5 field (stepped round). Bet and the mine count open the round (the server has drawn the mines);
 * each tap reveals one tile through Game.act; cash out any time. Multipliers come from Game.rules.
 */
import type { MinesRules, MinesView } from '../games/mines';
import { Game } from './kit/game';
import { openRules, timesText } from './originals/sheet';
import { applyTheme, ORIGINAL_STAKES } from './originals/stats';
import { steppedRound } from './originals/stepped';
import './styles/mines.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as MinesRules | undefined;
  G.addStrings(
    {
      mnStart: 'Start',
      mnCashout: 'Cash out {amount}',
      mnMines: 'Mines',
      mnNext: 'Next tile {x}×',
      mnPick: 'Pick a tile',
      mnBoom: 'Boom! A mine.',
      mnCashed: 'You cashed out {amount}',
      mnTile: 'Tile {n}',
      mnRule1: 'Choose your bet and how many mines hide in the 25 tiles, then press Start.',
      mnRule2: 'Each safe tile raises the multiplier; a mine ends the round and the bet is lost.',
      mnRule3:
        'Cash out at any time to win your bet times the multiplier shown (before the first tile, your bet comes back).',
      mnTable: 'Multiplier after each safe tile with {m} mines',
    },
    {
      mnStart: 'Bắt đầu',
      mnCashout: 'Rút {amount}',
      mnMines: 'Số mìn',
      mnNext: 'Ô tiếp theo {x}×',
      mnPick: 'Chọn một ô',
      mnBoom: 'Bùm! Trúng mìn.',
      mnCashed: 'Bạn đã rút {amount}',
      mnTile: 'Ô {n}',
      mnRule1: 'Chọn mức cược và số mìn ẩn trong 25 ô, rồi bấm Bắt đầu.',
      mnRule2: 'Mỗi ô an toàn tăng hệ số nhân; trúng mìn thì ván kết thúc và mất tiền cược.',
      mnRule3:
        'Rút bất cứ lúc nào để nhận tiền cược nhân hệ số đang hiển thị (trước ô đầu tiên, bạn nhận lại tiền cược).',
      mnTable: 'Hệ số nhân sau mỗi ô an toàn với {m} mìn',
    },
  );
  if (!R) return;
  applyTheme(R.theme.colors, 'mn');

  let mines = G.store.get('mines:count', R.defaultMines);
  const tiles: HTMLButtonElement[] = [];
  const board = el('div', { class: 'mn-board', role: 'grid' });
  for (let i = 0; i < R.tiles; i++) {
    const tile = el('button', {
      type: 'button',
      class: 'mn-tile',
      'aria-label': t('mnTile', { n: i + 1 }),
      disabled: true,
    });
    tile.addEventListener('click', () => round.step({ type: 'reveal', tile: i }));
    tiles.push(tile);
    board.append(tile);
  }
  const status = el('div', { class: 'mn-status', 'aria-live': 'polite', text: t('mnPick') });
  const minesSelect = el('select', { class: 'mn-select', 'aria-label': t('mnMines') });
  for (let m = 1; m < R.tiles; m++)
    minesSelect.append(el('option', { value: m, text: String(m), selected: m === mines }));
  minesSelect.addEventListener('change', () => {
    mines = Number(minesSelect.value);
    G.store.set('mines:count', mines);
  });
  const stepper = G.stakeStepper({ values: ORIGINAL_STAKES, initial: 10 });
  const main = el('button', { type: 'button', class: 'g-btn mn-main', text: t('mnStart') });
  G.stage.append(
    board,
    status,
    el(
      'div',
      { class: 'mn-controls' },
      stepper.node,
      el('label', { class: 'mn-mines' }, el('span', { text: t('mnMines') }), minesSelect),
    ),
    main,
  );
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    minesSelect.disabled = locked;
  });

  const paint = (view: MinesView) => {
    const shown = new Set(view.revealed);
    const mineSet = new Set(view.mines ?? []);
    tiles.forEach((tile, i) => {
      tile.className = 'mn-tile';
      tile.textContent = '';
      if (mineSet.has(i)) {
        tile.classList.add('mine', shown.has(i) ? 'hit' : 'shown');
        tile.textContent = '✹';
      } else if (shown.has(i)) {
        tile.classList.add('safe');
        tile.textContent = '◆';
      }
      tile.disabled = view.status !== 'playing' || shown.has(i);
    });
    // No cash-out before the first tile: it would only hand the stake back (the server refuses it too).
    main.disabled = view.status === 'playing' && view.revealed.length === 0;
    if (view.status === 'playing') {
      main.textContent = t('mnCashout', { amount: money(Math.floor(round.stake * view.multiplier)) });
      status.textContent = view.next ? t('mnNext', { x: view.next.toFixed(2) }) : t('mnPick');
    }
  };

  const round = steppedRound<MinesView>(G, {
    main,
    startText: () => t('mnStart'),
    body: () => ({ stake: stepper.value, mines }),
    paint,
    ended(answer) {
      if (answer.win > 0) {
        G.sound.play('cashout');
        status.textContent = t('mnCashed', { amount: money(answer.win) });
      } else {
        G.sound.play('explode');
        status.textContent = t('mnBoom');
      }
    },
  });

  G.setInfo(() =>
    openRules(G, {
      rules: [t('mnRule1'), t('mnRule2'), t('mnRule3')],
      table: {
        title: t('mnTable', { m: mines }),
        rows: (R.multipliers[mines] ?? []).slice(1, 13).map((m, k) => [`${k + 1}`, timesText(m)] as const),
      },
      rtp: R.rtp,
      prefix: 'mn',
      className: 'mn-sheet',
    }),
  );
})();
