import { el, ICONS } from './dom';
import { money } from './money';
import { ms, reducedMotion } from './motion';
import { data } from './page-data';
import { sound } from './sound';
import { store } from './store';
import { t } from './strings';
import type { StakeStepper } from './types';

/** The roll-up running on each node: a newer one stops the older. */
const rolling = new WeakMap<Element, object>();

/* ---------- bottom sheet ---------- */

export function openSheet(title: string, content: Node) {
  const previous = document.activeElement as HTMLElement | null;
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
  function onKey(event: KeyboardEvent) {
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
export function stakeStepper(options: {
  values: readonly number[];
  initial?: number;
  onChange?: (centavos: number) => void;
}): StakeStepper {
  const values = options.values.map((p) => p * 100);
  const saved = store.get<number | null>(`${data.game}:stake`, null);
  let index = Math.max(0, values.indexOf(saved ?? (options.initial ?? (values[0] ?? 0) / 100) * 100));
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
    amount.textContent = money(values[index] ?? 0);
    down.disabled = disabled || index === 0;
    up.disabled = disabled || index === values.length - 1;
  }
  function step(delta: number) {
    const next = Math.min(values.length - 1, Math.max(0, index + delta));
    if (next === index) return;
    index = next;
    store.set(`${data.game}:stake`, values[index] ?? 0);
    sound.play('click');
    paint();
    options.onChange?.(values[index] ?? 0);
  }
  down.addEventListener('click', () => step(-1));
  up.addEventListener('click', () => step(1));
  paint();
  return {
    node,
    get value() {
      return values[index] ?? 0;
    },
    setDisabled(value: boolean) {
      disabled = value;
      paint();
    },
  };
}

/* ---------- number roll-up ---------- */

/** Counts el's text from one amount to another (centavos); resolves when done. */
export function rollUp(node: Element, from: number, to: number, duration: number) {
  const length = reducedMotion() ? 0 : duration;
  return new Promise<void>((resolve) => {
    if (length <= 0) {
      node.textContent = money(to);
      resolve();
      return;
    }
    const start = performance.now();
    const token = {};
    rolling.set(node, token);
    function frame(now: number) {
      if (rolling.get(node) !== token) return resolve();
      const p = Math.min(1, (now - start) / length);
      const eased = 1 - (1 - p) ** 3;
      node.textContent = money(from + (to - from) * eased);
      if (p < 1) requestAnimationFrame(frame);
      else resolve();
    }
    requestAnimationFrame(frame);
  });
}
