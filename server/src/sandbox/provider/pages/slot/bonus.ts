/**
 * The bonus round over the reels: the wheel spins to the server's prize, or the pick boxes open the
 * server's prizes (by the player's taps, or by themselves when the countdown ends). The prizes are the
 * server's and already paid: the page only shows them.
 */
import type { SlotOutcome } from '../../games/slot';
import type { SlotPage } from './context';

/** How long a pick bonus waits for the player before opening the boxes itself. */
export const AUTO_PICK_SECONDS = 15;

export type BonusOutcome = NonNullable<SlotOutcome['bonus']>;

export function createBonus(
  { G, R }: SlotPage,
  parts: { overlay: HTMLElement; banner: HTMLElement; addWin: (amount: number) => Promise<void> },
) {
  const { el, t, money } = G;
  const { overlay, banner, addWin } = parts;

  async function spinWheel(bonus: BonusOutcome, total: HTMLElement) {
    const prizes = (R.bonus?.prizes ?? []).map((p) => p.x);
    const wheel = el('div', { class: 'sl-wheel', style: `--n:${prizes.length}` });
    for (const [i, x] of prizes.entries())
      wheel.append(el('span', { class: 'sl-seg', style: `--i:${i}`, text: `${x}×` }));
    overlay.append(
      el('h2', { text: t('bonusWheel') }),
      el('div', { class: 'sl-wheel-wrap' }, el('div', { class: 'sl-pointer' }), wheel),
      total,
    );
    const index = prizes.indexOf(bonus.prizes[0] ?? Number.NaN);
    const turn = 360 * 4 + (360 - (index + 0.5) * (360 / prizes.length));
    wheel.style.transition = `transform ${G.ms(2600)}ms cubic-bezier(.2,.7,.2,1)`;
    await G.wait(60);
    wheel.style.transform = `rotate(${turn}deg)`;
    await G.wait(G.ms(2700));
  }

  function pickBoxes(bonus: BonusOutcome, total: HTMLElement) {
    const boxes = el('div', { class: 'sl-boxes' });
    // A player who walks away still gets the prizes: the boxes open by themselves once the countdown ends,
    // and the round is finished either way.
    const countdown = el('p', { class: 'sl-countdown', 'aria-live': 'off' });
    overlay.append(
      el('h2', { text: t('bonusPick', { n: bonus.prizes.length }) }),
      el('p', { text: t('tapBox') }),
      boxes,
      countdown,
      total,
    );
    let picked = 0;
    return new Promise<void>((resolve) => {
      const all: HTMLButtonElement[] = [];
      let timer: ReturnType<typeof setInterval> | undefined;
      const open = (box: HTMLButtonElement) => {
        if (box.disabled || picked >= bonus.prizes.length) return;
        box.disabled = true;
        box.classList.add('open');
        box.textContent = `${bonus.prizes[picked]}×`;
        G.sound.play('win');
        picked++;
        if (picked === bonus.prizes.length) {
          clearInterval(timer);
          countdown.textContent = '';
          setTimeout(resolve, G.ms(700));
        }
      };
      let left = AUTO_PICK_SECONDS;
      countdown.textContent = t('autoPick', { s: left });
      timer = setInterval(() => {
        left--;
        countdown.textContent = t('autoPick', { s: Math.max(left, 0) });
        if (left > 0) return;
        clearInterval(timer);
        for (const box of all) open(box);
      }, 1000);
      for (let i = 0; i < 9; i++) {
        const box = el('button', { type: 'button', class: 'sl-box', 'aria-label': t('tapBox'), text: '?' });
        box.addEventListener('click', () => open(box));
        all.push(box);
        boxes.append(box);
      }
    });
  }

  /** Plays the bonus out, rolls its prize into the win meter and closes the overlay. */
  return async function bonusRound(bonus: BonusOutcome, stake: number) {
    overlay.hidden = false;
    overlay.replaceChildren();
    const total = el('strong', { class: 'sl-bonus-total', text: money(0) });
    if (bonus.type === 'wheel') await spinWheel(bonus, total);
    else await pickBoxes(bonus, total);
    const amount = Math.floor((stake * bonus.coins) / R.coins);
    await G.rollUp(total, 0, amount, 600);
    banner.textContent = t('bonusPrize', { amount: money(amount) });
    await addWin(amount);
    await G.wait(G.ms(700));
    overlay.hidden = true;
  };
}
