/* Video poker: deal, hold, draw; the paytable comes from Game.rules (see games/videoPoker.ts). */
import type { Card } from '../games/cards';
import type { VideoPokerOutcome, VideoPokerRules, VideoPokerView } from '../games/videoPoker';
import { Game } from './kit/game';
import type { TableKit as Kit } from './kit/table/types';
import { TableKit } from './kit/tablekit';
import type { GameKit } from './kit/types';

const EN = {
  deal: 'Deal',
  draw: 'Draw',
  hold: 'Held',
  tapHold: 'Tap the cards to hold, then Draw.',
  hand: 'Hand',
  pays: 'Pays (for 1)',
  naturalRoyal: 'Royal flush',
  fourDeuces: 'Four deuces',
  wildRoyal: 'Wild royal flush',
  fiveKind: 'Five of a kind',
  straightFlush: 'Straight flush',
  fourKind: 'Four of a kind',
  fullHouse: 'Full house',
  flush: 'Flush',
  straight: 'Straight',
  threeKind: 'Three of a kind',
  twoPair: 'Two pair',
  jacksOrBetter: 'Jacks or better',
  pair: 'Pair',
  highCard: 'No hand',
  r1: 'Five cards from a fresh deck. Tap the cards you keep, then Draw: the others are replaced.',
  r2: 'The final hand pays by the table, "for 1": a pay of 1 returns your bet.',
  r3: 'The RTP shown is for perfect play.',
  rWild: 'Every 2 is wild and stands for any card.',
};
const VI: typeof EN = {
  deal: 'Chia bài',
  draw: 'Đổi bài',
  hold: 'Giữ',
  tapHold: 'Chạm vào lá muốn giữ, rồi Đổi bài.',
  hand: 'Tay bài',
  pays: 'Trả (cho 1)',
  naturalRoyal: 'Thùng phá sảnh lớn',
  fourDeuces: 'Tứ quý 2',
  wildRoyal: 'Thùng phá sảnh lớn có lá 2',
  fiveKind: 'Ngũ quý',
  straightFlush: 'Thùng phá sảnh',
  fourKind: 'Tứ quý',
  fullHouse: 'Cù lũ',
  flush: 'Thùng',
  straight: 'Sảnh',
  threeKind: 'Sám cô',
  twoPair: 'Hai đôi',
  jacksOrBetter: 'Đôi J trở lên',
  pair: 'Một đôi',
  highCard: 'Không có bài',
  r1: 'Năm lá từ bộ bài mới. Chạm vào lá muốn giữ, rồi Đổi bài: các lá còn lại được thay.',
  r2: 'Tay bài cuối được trả theo bảng, "cho 1": trả 1 là hoàn lại tiền cược.',
  r3: 'RTP hiển thị là khi chơi tối ưu.',
  rWild: 'Mọi lá 2 là lá đại diện, thay cho bất kỳ lá nào.',
};

function start(G: GameKit, K: Kit) {
  const { el, t } = G;
  G.addStrings(EN, VI);
  const rules = G.rules as VideoPokerRules | undefined;
  const paytable = Object.entries(rules?.paytable || {});
  const table = el(
    'div',
    { class: 'tk-paytable' },
    paytable.map(([h, p]) => el('div', { 'data-hand': h }, el('span', { text: t(h) }), el('b', { text: String(p) }))),
  );
  const row = el('div', { class: 'tk-cards tk-vp' });
  const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
  const stake = G.stakeStepper({ values: [1, 5, 10, 20, 50, 100, 500, 1000], initial: 10 });
  const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
  G.stage.append(
    table,
    el('section', { class: 'tk-stage' }, row),
    message,
    el('div', { class: 'tk-action-row' }, stake.node, deal),
  );
  let held = [false, false, false, false, false];
  /** The five cards as hold buttons (face down before the deal). */
  function lay(cards: readonly (Card | null)[], interactive: boolean) {
    row.replaceChildren(
      ...cards.map((c, i) => {
        const node = el(
          'button',
          { type: 'button', class: 'tk-hold', 'aria-pressed': String(held[i]), disabled: !interactive },
          K.card(c, held[i] ? 'held' : ''),
          el('small', { text: held[i] ? t('hold') : '' }),
        );
        node.addEventListener('click', () => {
          held[i] = !held[i];
          G.sound.play('click');
          lay(cards, true);
        });
        return node;
      }),
    );
  }
  /** Lights the paytable's row of the hand. */
  function mark(hand: string) {
    for (const n of table.children) n.classList.toggle('on', n instanceof HTMLElement && n.dataset.hand === hand);
  }
  const round = K.stepped<VideoPokerView, VideoPokerOutcome>({
    message,
    paint,
    onView(v) {
      held = [false, false, false, false, false];
      lay(v.cards, true);
      mark(v.hand);
      message.className = 'tk-message';
      message.textContent = t('tapHold');
      G.sound.play('card');
    },
    onDone(a) {
      held = a.outcome.held || held;
      lay(a.outcome.cards, false);
      mark(a.outcome.hand);
    },
  });
  function paint() {
    deal.textContent = t(round.open ? 'draw' : 'deal');
    deal.disabled = G.ended || (G.busy && !round.open);
    stake.setDisabled(round.open || G.busy);
  }
  G.onLock(paint);
  deal.addEventListener('click', () => (round.open ? round.act({ hold: held }) : round.begin({ stake: stake.value })));
  K.infoSheet(
    rules?.deucesWild ? ['r1', 'rWild', 'r2', 'r3'] : ['r1', 'r2', 'r3'],
    paytable.map(([h, p]) => [t(h), String(p)]),
    [t('hand'), t('pays')],
  );
  lay([null, null, null, null, null], false);
  paint();
}

if (Game && TableKit) start(Game, TableKit);
