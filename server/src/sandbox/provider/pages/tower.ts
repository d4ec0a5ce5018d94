/*
 * Tower (stepped): climb Game.rules.levels floors. Bet and difficulty open the round (the server has drawn
 * every floor's traps); each door picked goes through Game.act; a safe door climbs a floor, a trap ends the
 * round; cash out any time. Multipliers come from Game.rules.multipliers (hundredths, by difficulty and floor).
 */
import type { TowerDifficulty, TowerRules, TowerView } from '../games/tower';
import { Game } from './kit/game';
import { openRules, timesText } from './originals/sheet';
import { applyTheme, ORIGINAL_STAKES } from './originals/stats';
import { steppedRound } from './originals/stepped';
import './styles/originals.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as TowerRules | undefined;
  G.addStrings(
    {
      twStart: 'Start',
      twCashout: 'Cash out {amount}',
      twDifficulty: 'Difficulty',
      twEasy: 'Easy',
      twMedium: 'Medium',
      twHard: 'Hard',
      twExpert: 'Expert',
      twPick: 'Pick a door on floor {floor} · next {x}×',
      twReady: 'Choose a difficulty and press Start',
      twTrapped: 'A trap on floor {floor}! The bet is lost.',
      twCashed: 'You cashed out {amount}',
      twTop: 'You reached the top: {amount}',
      twDoor: 'Floor {floor}, door {door}',
      twDoors: '{tiles} doors, {traps} trapped',
      twRule1: 'Choose your bet and a difficulty, then press Start. The tower has {levels} floors.',
      twRule2:
        'On each floor pick one door. A safe door climbs a floor and raises the multiplier; a trap ends the round and the bet is lost.',
      twRule3:
        'Cash out at any time to win your bet times the multiplier reached (before the first floor, your bet comes back). Reaching the top pays the top multiplier.',
      twTable: 'Multiplier by floor ({difficulty}: {doors})',
    },
    {
      twStart: 'Bắt đầu',
      twCashout: 'Rút {amount}',
      twDifficulty: 'Độ khó',
      twEasy: 'Dễ',
      twMedium: 'Vừa',
      twHard: 'Khó',
      twExpert: 'Chuyên gia',
      twPick: 'Chọn một cửa ở tầng {floor} · tiếp theo {x}×',
      twReady: 'Chọn độ khó rồi bấm Bắt đầu',
      twTrapped: 'Gặp bẫy ở tầng {floor}! Mất tiền cược.',
      twCashed: 'Bạn đã rút {amount}',
      twTop: 'Bạn đã lên tới đỉnh: {amount}',
      twDoor: 'Tầng {floor}, cửa {door}',
      twDoors: '{tiles} cửa, {traps} bẫy',
      twRule1: 'Chọn mức cược và độ khó, rồi bấm Bắt đầu. Tháp có {levels} tầng.',
      twRule2:
        'Ở mỗi tầng chọn một cửa. Cửa an toàn đưa bạn lên tầng và tăng hệ số nhân; gặp bẫy thì ván kết thúc và mất tiền cược.',
      twRule3:
        'Rút bất cứ lúc nào để nhận tiền cược nhân hệ số đã đạt (trước tầng đầu tiên, bạn nhận lại tiền cược). Lên tới đỉnh được trả hệ số cao nhất.',
      twTable: 'Hệ số nhân theo tầng ({difficulty}: {doors})',
    },
  );
  if (!R) return;
  applyTheme(R.theme.colors);

  const LEVELS = Object.keys(R.difficulties) as TowerDifficulty[];
  const NAMES: Record<TowerDifficulty, string> = {
    easy: 'twEasy',
    medium: 'twMedium',
    hard: 'twHard',
    expert: 'twExpert',
  };
  const nameOf = (d: TowerDifficulty) => t(NAMES[d] ?? d);
  let difficulty = G.store.get<TowerDifficulty>('tower:difficulty', 'medium');
  if (!LEVELS.includes(difficulty)) difficulty = LEVELS[0] ?? 'medium';
  let floors: { node: HTMLElement; doors: HTMLButtonElement[] }[] = [];

  const tower = el('div', { class: 'tw-tower', role: 'grid' });
  const status = el('div', { class: 'og-status', 'aria-live': 'polite', text: t('twReady') });
  const seg = el('div', { class: 'og-seg', role: 'group', 'aria-label': t('twDifficulty') });
  const segButtons = LEVELS.map((d) => {
    const b = el('button', { type: 'button', text: nameOf(d) });
    b.addEventListener('click', () => setDifficulty(d));
    seg.append(b);
    return b;
  });
  const stepper = G.stakeStepper({ values: ORIGINAL_STAKES, initial: 10 });
  const main = el('button', { type: 'button', class: 'g-btn og-main', text: t('twStart') });
  G.stage.append(tower, status, seg, el('div', { class: 'og-row' }, stepper.node, main));

  /** Builds the floors (bottom first) for the difficulty: a multiplier label and the doors. */
  const build = () => {
    const { tiles } = R.difficulties[difficulty];
    const row = R.multipliers[difficulty] ?? [];
    floors = [];
    tower.replaceChildren();
    for (let f = 0; f < R.levels; f++) {
      const doors: HTMLButtonElement[] = [];
      const node = el('div', { class: 'tw-floor future', role: 'row' });
      node.append(el('span', { class: 'tw-mult', text: `${((row[f + 1] ?? 0) / 100).toFixed(2)}×` }));
      for (let d = 0; d < tiles; d++) {
        const door = el('button', {
          type: 'button',
          class: 'tw-door',
          disabled: true,
          'aria-label': t('twDoor', { floor: f + 1, door: d + 1 }),
        });
        door.addEventListener('click', () => round.step({ type: 'pick', tile: d }));
        doors.push(door);
        node.append(door);
      }
      floors.push({ node, doors });
      tower.append(node);
    }
    segButtons.forEach((b, i) => {
      b.setAttribute('aria-pressed', String(LEVELS[i] === difficulty));
    });
  };
  const setDifficulty = (d: TowerDifficulty) => {
    if (G.busy || round.open) return;
    difficulty = d;
    G.store.set('tower:difficulty', d);
    G.sound.play('click');
    build();
  };

  /** Draws a view from the server: picks so far, the current floor, and (once over) every trap. */
  const paint = (view: TowerView) => {
    const over = view.status !== 'playing';
    floors.forEach((floor, f) => {
      const picked = view.picks[f];
      const traps = view.traps?.[f] ?? [];
      const current = !over && f === view.floor;
      floor.node.className = `tw-floor ${current ? 'current' : f < view.floor ? 'past' : 'future'}`;
      floor.doors.forEach((door, d) => {
        door.className = 'tw-door';
        door.textContent = '';
        door.disabled = !current;
        if (traps.includes(d)) {
          door.classList.add('trap');
          door.textContent = '✕';
          if (picked === d) door.classList.add('hit');
        } else if (picked === d) {
          door.classList.add('safe');
          door.textContent = '◆';
        }
      });
    });
    // No cash-out before the first floor: it would only hand the stake back (the server refuses it too).
    main.disabled = !over && view.floor === 0;
    if (!over) {
      main.textContent = t('twCashout', { amount: money(Math.floor(round.stake * view.multiplier)) });
      status.className = 'og-status';
      status.textContent = t('twPick', { floor: view.floor + 1, x: (view.next ?? 0).toFixed(2) });
    }
  };

  const round = steppedRound<TowerView>(G, {
    main,
    startText: () => t('twStart'),
    body: () => ({ stake: stepper.value, difficulty }),
    started() {
      for (const b of segButtons) b.disabled = true;
      build();
    },
    paint,
    ended(answer, view) {
      status.classList.toggle('lost', answer.win === 0);
      if (view.status === 'lost') {
        G.sound.play('explode');
        status.textContent = t('twTrapped', { floor: view.floor + 1 });
      } else {
        G.sound.play(view.status === 'top' ? 'bigwin' : 'cashout');
        status.textContent = t(view.status === 'top' ? 'twTop' : 'twCashed', { amount: money(answer.win) });
      }
    },
  });

  G.onLock((locked) => {
    stepper.setDisabled(locked);
    for (const b of segButtons) b.disabled = locked;
  });
  build();

  G.setInfo(() => {
    const { tiles, traps } = R.difficulties[difficulty];
    openRules(G, {
      rules: [
        t('twRule1', { levels: R.levels }),
        t('twRule2'),
        t('twRule3'),
        ...LEVELS.map((d) => el('span', {}, el('b', { text: `${nameOf(d)}: ` }), t('twDoors', R.difficulties[d]))),
      ],
      table: {
        title: t('twTable', { difficulty: nameOf(difficulty), doors: t('twDoors', { tiles, traps }) }),
        rows: (R.multipliers[difficulty] ?? []).slice(1).map((m, f) => [`${f + 1}`, timesText(m)] as const),
      },
      rtp: R.rtp,
    });
  });
})();
