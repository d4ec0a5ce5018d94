/**
 * The bet panel: the stake stepper, the auto cash-out (its box, its target field and the quick targets), the
 * odds line, the bet note and the Bet / Cash out buttons. The target is remembered (crash:target, crash:auto).
 */
import type { GameKit } from '../kit/game';
import type { CrashConfig } from './types';

const STAKES = [1, 5, 10, 20, 50, 100, 500, 1000];

export function createPanel(G: GameKit, R: CrashConfig, onPaint: () => void) {
  const { el, t, money } = G;
  const RTP_PCT = Number((R.rtp * 100).toFixed(2));
  const MIN_TARGET = R.minTarget;
  const MAX_TARGET = R.maxTarget;
  const QUICK = R.presets;
  const LIMITS = { min: MIN_TARGET.toFixed(2), max: String(MAX_TARGET) };

  const validTarget = (v: number) =>
    Number.isFinite(v) && v >= MIN_TARGET && v <= MAX_TARGET && Number(v.toFixed(2)) === v;
  function parseTarget(text: string) {
    const clean = String(text)
      .replace(',', '.')
      .replace(/[^\d.]/g, '');
    if (!/^\d{1,4}(\.\d{0,2})?$/.test(clean)) return Number.NaN;
    return Number(Number(clean).toFixed(2));
  }

  const stepper = G.stakeStepper({ values: STAKES, initial: 10, onChange: () => paintOdds() });

  let target = Number(G.store.get('crash:target', 2));
  if (!validTarget(target)) target = 2;
  let auto = G.store.get<boolean>('crash:auto', false) === true;
  const autoBox = el('input', { type: 'checkbox', class: 'crash-auto-box', id: 'crash-auto' });
  autoBox.checked = auto;
  const targetInput = el('input', {
    class: 'crash-target-input',
    id: 'crash-target',
    type: 'text',
    inputmode: 'decimal',
    enterkeyhint: 'done',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: '7',
    value: target.toFixed(2),
  });
  const targetField = el(
    'div',
    { class: 'crash-target' },
    el(
      'label',
      { class: 'crash-target-label crash-auto', for: 'crash-auto' },
      autoBox,
      el('span', { text: t('target') }),
    ),
    el('span', { class: 'crash-target-box' }, targetInput, el('span', { class: 'crash-target-x', text: '×' })),
  );
  const quickButtons = QUICK.map((q) =>
    el('button', {
      type: 'button',
      class: 'g-btn crash-quick',
      text: `${q}×`,
      onclick: () => {
        G.sound.play('click');
        autoBox.checked = true;
        auto = true;
        G.store.set('crash:auto', true);
        setTarget(q);
      },
    }),
  );
  const odds = el('div', { class: 'crash-odds', 'aria-live': 'polite' });
  const launchButton = el('button', { type: 'button', class: 'crash-launch' });
  const cashButton = el('button', { type: 'button', class: 'crash-cashout', hidden: true });
  const betNote = el('div', { class: 'crash-note', role: 'status', 'aria-live': 'polite' });
  const node = el(
    'section',
    { class: 'crash-panel' },
    el('div', { class: 'crash-row' }, stepper.node, targetField),
    el('div', { class: 'crash-quicks', role: 'group', 'aria-label': t('quick') }, quickButtons),
    odds,
    betNote,
    launchButton,
    cashButton,
  );

  function setTarget(v: number) {
    target = Math.min(MAX_TARGET, Math.max(MIN_TARGET, Number(v.toFixed(2))));
    targetInput.value = target.toFixed(2);
    G.store.set('crash:target', target);
    paintOdds();
  }
  autoBox.addEventListener('change', () => {
    auto = autoBox.checked;
    G.store.set('crash:auto', auto);
    paintOdds();
  });
  targetInput.addEventListener('input', () => {
    const v = parseTarget(targetInput.value);
    if (validTarget(v)) {
      target = v;
      G.store.set('crash:target', target);
    }
    paintOdds();
  });
  targetInput.addEventListener('blur', () => {
    const v = parseTarget(targetInput.value);
    setTarget(Number.isFinite(v) ? v : target);
  });
  targetInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') targetInput.blur();
  });
  targetInput.addEventListener('focus', () => targetInput.select());

  const inputValid = () => !auto || validTarget(parseTarget(targetInput.value));

  function paintOdds() {
    const ok = inputValid();
    targetField.classList.toggle('invalid', !ok);
    targetField.classList.toggle('off', !auto);
    for (const [i, b] of quickButtons.entries()) b.classList.toggle('on', auto && ok && target === QUICK[i]);
    if (!ok) {
      odds.textContent = t('targetInvalid', LIMITS);
      odds.classList.add('error');
    } else if (auto) {
      const chance = Math.min(100, RTP_PCT / target);
      odds.classList.remove('error');
      odds.replaceChildren(
        el('span', { text: t('chance', { p: `${chance.toFixed(2)}%` }) }),
        el('span', {
          text: t('pays', { amount: money(Math.floor((stepper.value * Math.round(target * 100)) / 100)) }),
        }),
      );
    } else odds.replaceChildren();
    launchButton.textContent = `${t('launch')} · ${money(stepper.value)}`;
    onPaint();
  }

  return {
    node,
    stepper,
    launchButton,
    cashButton,
    betNote,
    paintOdds,
    inputValid,
    /** Betting closed (or a round in play): the stake and the target are fixed. */
    setLocked(locked: boolean) {
      stepper.setDisabled(locked);
      targetInput.disabled = locked;
      autoBox.disabled = locked;
      for (const b of quickButtons) b.disabled = locked;
    },
    /** The bet to send: the stake, and the target when the auto cash-out is on (the field's value, taken). */
    bet(): { stake: number; target?: number } {
      if (auto) setTarget(parseTarget(targetInput.value));
      return auto ? { stake: stepper.value, target } : { stake: stepper.value };
    },
    focusTarget: () => targetInput.focus(),
    limits: LIMITS,
    rtpPct: RTP_PCT,
  };
}
