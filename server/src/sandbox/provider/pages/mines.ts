/*
 * Mines: a 5x5 field (stepped round). Bet and the mine count open the round (the server has drawn the mines);
 * each tap reveals one tile through Game.act; cash out any time. Multipliers come from Game.rules.
 */
import type { MinesRules, MinesView } from '../games/mines';
import { Game, type RoundAnswer } from './kit/game';
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
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--mn-bg1', c1);
  document.body.style.setProperty('--mn-bg2', c2);
  document.body.style.setProperty('--mn-accent', c3);

  let mines = G.store.get('mines:count', R.defaultMines);
  let round: { id: string; stake: number } | null = null;
  const tiles: HTMLButtonElement[] = [];
  const board = el('div', { class: 'mn-board', role: 'grid' });
  for (let i = 0; i < R.tiles; i++) {
    const tile = el('button', {
      type: 'button',
      class: 'mn-tile',
      'aria-label': t('mnTile', { n: i + 1 }),
      disabled: true,
    });
    tile.addEventListener('click', () => reveal(i));
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
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
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
      main.textContent = t('mnCashout', { amount: money(Math.floor((round?.stake ?? 0) * view.multiplier)) });
      status.textContent = view.next ? t('mnNext', { x: view.next.toFixed(2) }) : t('mnPick');
    }
  };

  const start = async () => {
    const answer = await G.play<MinesView, MinesView>({ stake: stepper.value, mines });
    if (!answer) return;
    round = { id: answer.roundId, stake: answer.stake };
    G.sound.play('chip');
    if (answer.view) paint(answer.view);
  };

  const finish = async (answer: RoundAnswer<MinesView, MinesView>) => {
    paint(answer.view ?? answer.outcome);
    if (answer.win > 0) {
      G.sound.play('cashout');
      status.textContent = t('mnCashed', { amount: money(answer.win) });
    } else {
      G.sound.play('explode');
      status.textContent = t('mnBoom');
    }
    round = null;
    main.textContent = t('mnStart');
    G.finishRound(answer);
  };

  const reveal = async (i: number) => {
    if (!round) return;
    const answer = await G.act<MinesView, MinesView>(round.id, { type: 'reveal', tile: i });
    if (!answer) return;
    G.sound.play('flip');
    if (answer.done) return finish(answer);
    if (answer.view) paint(answer.view);
  };

  main.addEventListener('click', async () => {
    if (!round) return start();
    const answer = await G.act<MinesView, MinesView>(round.id, { type: 'cashout' });
    if (answer) finish(answer);
  });

  G.setInfo(() => {
    const row = (R.multipliers[mines] ?? []).slice(1, 13);
    G.openSheet(
      t('rules'),
      el(
        'div',
        { class: 'mn-sheet' },
        el(
          'ul',
          {},
          el('li', { text: t('mnRule1') }),
          el('li', { text: t('mnRule2') }),
          el('li', { text: t('mnRule3') }),
        ),
        el('h3', { text: t('mnTable', { m: mines }) }),
        el(
          'div',
          { class: 'mn-table' },
          row.map((m, k) => el('span', {}, el('b', { text: `${k + 1}` }), ` ${(m / 100).toFixed(2)}×`)),
        ),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
        el('p', { class: 'mn-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'mn-note', text: t('fair') }),
      ),
    );
  });
})();
