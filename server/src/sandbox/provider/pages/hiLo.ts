/* Hi-Lo: guess whether the next card is higher or lower, cash out when you like (see games/hiLo.ts). */
import type { Card } from '../games/cards';
import type { HiLoOutcome, HiLoRules, HiLoView } from '../games/hiLo';
import { Game } from './kit/game';
import type { TableKit as Kit } from './kit/table/types';
import { TableKit } from './kit/tablekit';
import type { GameKit } from './kit/types';

const EN = {
  deal: 'Deal',
  higher: 'Higher or same',
  lower: 'Lower or same',
  cashout: 'Cash out {amount}',
  chance: '{p}% · ×{m}',
  pot: 'Pot ×{m}',
  guess: 'Higher or lower?',
  r1: 'A card shows. Guess whether the next one is higher or the same, or lower or the same. Ace is low, King high.',
  r2: 'Each card comes from a full deck. A right guess multiplies the pot by its fair odds (13 ÷ the ranks that win).',
  r3: 'Cash out after any right guess for 97% of the pot; a wrong guess loses the stake. At most {n} guesses a round.',
};
const VI: typeof EN = {
  deal: 'Chia bài',
  higher: 'Cao hơn hoặc bằng',
  lower: 'Thấp hơn hoặc bằng',
  cashout: 'Rút {amount}',
  chance: '{p}% · ×{m}',
  pot: 'Hệ số ×{m}',
  guess: 'Cao hay thấp?',
  r1: 'Một lá bài được lật. Đoán lá tiếp theo cao hơn hoặc bằng, hay thấp hơn hoặc bằng. Át nhỏ nhất, K lớn nhất.',
  r2: 'Mỗi lá rút từ bộ bài đầy đủ. Đoán đúng nhân hệ số theo tỷ lệ công bằng (13 ÷ số hạng bài thắng).',
  r3: 'Rút tiền sau bất kỳ lần đoán đúng nào với 97% hệ số; đoán sai mất tiền cược. Tối đa {n} lần đoán mỗi ván.',
};

function start(G: GameKit, K: Kit) {
  const { el, t, money } = G;
  G.addStrings(EN, VI);
  const rules = G.rules as HiLoRules | undefined;
  const current = el('div', { class: 'tk-cards' }, K.card(null));
  const trail = el('div', { class: 'tk-cards tk-trail' });
  const pot = el('div', { class: 'tk-multiplier', text: '' });
  const message = el('div', { class: 'tk-message', 'aria-live': 'polite' });
  const stake = G.stakeStepper({ values: [1, 5, 10, 20, 50, 100, 500, 1000], initial: 10 });
  const deal = el('button', { type: 'button', class: 'tk-play tk-deal', text: t('deal') });
  const higher = el('button', { type: 'button', class: 'g-btn tk-higher' });
  const lower = el('button', { type: 'button', class: 'g-btn' });
  const cash = el('button', { type: 'button', class: 'tk-play' });
  G.stage.append(
    el('section', { class: 'tk-stage' }, el('div', { class: 'tk-fantan' }, current, pot)),
    trail,
    message,
    el('div', { class: 'tk-action-row' }, higher, lower),
    el('div', { class: 'tk-action-row' }, cash),
    el('div', { class: 'tk-action-row' }, stake.node, deal),
  );
  const edge = 1 - (rules?.rtp ?? 0.97);
  let view: HiLoView | null = null;
  const round = K.stepped<HiLoView, HiLoOutcome>({
    message,
    paint,
    onView(v) {
      show(v.cards, v.multiplier);
      view = v;
    },
    onDone(a) {
      show(a.outcome.cards, a.outcome.multiplier);
      view = null;
    },
  });
  function show(cards: readonly Card[], multiplier: number) {
    current.replaceChildren(K.card(cards[cards.length - 1]));
    trail.replaceChildren(
      ...cards
        .slice(0, -1)
        .slice(-8)
        .map((c) => K.card(c, 'tk-mini')),
    );
    pot.textContent = t('pot', { m: ((1 - edge) * multiplier).toFixed(2) });
    G.sound.play('card');
  }
  function paint() {
    const open = round.open ? view : null;
    deal.disabled = G.ended || round.open || G.busy;
    stake.setDisabled(round.open || G.busy);
    higher.disabled = lower.disabled = !open;
    cash.disabled = !open?.cashout;
    cash.textContent = t('cashout', { amount: money(open ? open.cashout : 0) });
    for (const [b, g] of [
      [higher, 'higher'],
      [lower, 'lower'],
    ] as const) {
      const p = open ? open.chances[g] : 0;
      b.replaceChildren(
        el('b', { text: t(g) }),
        el('br'),
        el('small', {
          text: open ? t('chance', { p: Math.round(p * 100), m: ((open.multiplier / p) * (1 - edge)).toFixed(2) }) : '',
        }),
      );
    }
    if (open && !open.cashout) message.textContent = t('guess');
  }
  G.onLock(paint);
  deal.addEventListener('click', () => round.begin({ stake: stake.value }));
  higher.addEventListener('click', () => round.act('higher'));
  lower.addEventListener('click', () => round.act('lower'));
  cash.addEventListener('click', () => round.act('cashout'));
  K.infoSheet(['r1', 'r2', 'r3'], [], [], { n: rules?.maxGuesses ?? 20 });
  paint();
}

if (Game && TableKit) start(Game, TableKit);
