/*
 * Plinko: pegs, buckets and multipliers drawn from Game.rules.tables for the chosen rows and risk; the ball
 * follows the path the server drew (outcome.path: 0 left, 1 right at each row) into its bucket.
 */
import type { PlinkoConfig, PlinkoOutcome, Risk, Rows } from '../games/plinko';
import { Game } from './kit/game';
import './styles/plinko.css';

(() => {
  const G = Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules as PlinkoConfig | undefined;
  G.addStrings(
    {
      plDrop: 'Drop',
      plRows: 'Rows',
      plRisk: 'Risk',
      plLow: 'Low',
      plMedium: 'Medium',
      plHigh: 'High',
      plLanded: 'Landed on ×{x} · {amount}',
      plRule1:
        'Choose your bet, rows and risk, then drop the ball. At every peg it goes left or right with even chances.',
      plRule2: 'The bucket it lands in pays your bet times its multiplier. Higher risk: bigger edges, smaller middle.',
      plTable: 'Multipliers ({rows} rows, {risk})',
      plRtpTable: 'RTP of this table: {rtp}%',
    },
    {
      plDrop: 'Thả bóng',
      plRows: 'Số hàng',
      plRisk: 'Rủi ro',
      plLow: 'Thấp',
      plMedium: 'Vừa',
      plHigh: 'Cao',
      plLanded: 'Rơi vào ×{x} · {amount}',
      plRule1:
        'Chọn mức cược, số hàng và mức rủi ro, rồi thả bóng. Ở mỗi chốt bóng đi trái hoặc phải với xác suất như nhau.',
      plRule2: 'Ô bóng rơi vào trả tiền cược nhân hệ số của ô. Rủi ro cao hơn: hai bên lớn hơn, ở giữa nhỏ hơn.',
      plTable: 'Hệ số nhân ({rows} hàng, {risk})',
      plRtpTable: 'RTP của bảng này: {rtp}%',
    },
  );
  if (!R) return;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--pl-bg1', c1);
  document.body.style.setProperty('--pl-bg2', c2);
  document.body.style.setProperty('--pl-accent', c3);
  const riskLabel: Record<Risk, string> = { low: t('plLow'), medium: t('plMedium'), high: t('plHigh') };
  let rows = G.store.get<Rows>('plinko:rows', R.defaults.rows);
  let risk = G.store.get<Risk>('plinko:risk', R.defaults.risk);
  if (!R.tables[rows]?.[risk]) [rows, risk] = [R.defaults.rows, R.defaults.risk];

  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 340 320');
  svg.setAttribute('class', 'pl-board');
  svg.setAttribute('aria-hidden', 'true');
  const buckets = el('div', { class: 'pl-buckets' });
  const status = el('div', { class: 'pl-status', 'aria-live': 'polite' });
  const geometry = () => {
    const n = Number(rows);
    const gap = 320 / (n + 2);
    return {
      n,
      gap,
      x: (row: number, k: number) => 170 + (k - row / 2) * gap,
      y: (row: number) => 16 + row * (290 / n),
    };
  };
  const drawBoard = () => {
    svg.replaceChildren();
    const { n, x, y } = geometry();
    for (let row = 0; row < n; row++)
      for (let k = 0; k <= row + 2; k++) {
        const peg = document.createElementNS(NS, 'circle');
        peg.setAttribute('cx', String(x(row + 2, k)));
        peg.setAttribute('cy', String(y(row)));
        peg.setAttribute('r', n > 12 ? '2.6' : '3.4');
        peg.setAttribute('class', 'pl-peg');
        svg.append(peg);
      }
    buckets.replaceChildren(
      ...R.tables[rows][risk].map((m) =>
        el('span', { class: `pl-bucket${m >= 1000 ? ' hot' : m < 100 ? ' cold' : ''}`, text: `${m / 100}` }),
      ),
    );
    buckets.style.setProperty('--n', String(n + 1));
  };
  const select = <V extends string>(
    label: string,
    values: readonly V[],
    current: V,
    names: Partial<Record<V, string>>,
    onChange: (value: V) => void,
  ) => {
    const node = el('select', { class: 'pl-select', 'aria-label': label });
    for (const v of values) node.append(el('option', { value: v, text: names[v] ?? v, selected: v === current }));
    node.addEventListener('change', () => onChange(node.value as V));
    return el('label', { class: 'pl-field' }, el('span', { text: label }), node);
  };
  const rowsField = select(t('plRows'), Object.keys(R.tables) as Rows[], rows, {}, (v) => {
    rows = v;
    G.store.set('plinko:rows', v);
    drawBoard();
  });
  const riskField = select<Risk>(t('plRisk'), ['low', 'medium', 'high'], risk, riskLabel, (v) => {
    risk = v;
    G.store.set('plinko:risk', v);
    drawBoard();
  });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], initial: 10 });
  const drop = el('button', { type: 'button', class: 'g-btn pl-drop', text: t('plDrop') });
  G.stage.append(
    el('div', { class: 'pl-wrap' }, svg, buckets),
    status,
    el('div', { class: 'pl-controls' }, rowsField, riskField),
    el('div', { class: 'pl-controls' }, stepper.node, drop),
  );
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    drop.disabled = locked;
    for (const s of G.stage.querySelectorAll('select')) s.disabled = locked;
  });
  drawBoard();

  drop.addEventListener('click', async () => {
    const answer = await G.play<PlinkoOutcome>({ stake: stepper.value, rows, risk });
    if (!answer) return;
    const o = answer.outcome;
    const { x, y } = geometry();
    const ball = document.createElementNS(NS, 'circle');
    ball.setAttribute('r', '6');
    ball.setAttribute('class', 'pl-ball');
    svg.append(ball);
    let k = 0;
    const place = (row: number) => {
      ball.setAttribute('cx', String(x(row + 1, k + 0.5)));
      ball.setAttribute('cy', String(y(row) - 9));
    };
    place(0);
    for (let row = 0; row < o.path.length; row++) {
      await G.wait(G.ms(110));
      k += o.path[row] ?? 0;
      place(row + 1);
      G.sound.play('tick');
    }
    await G.wait(G.ms(200));
    ball.remove();
    const hit = buckets.children[o.bucket];
    hit?.classList.add('hit');
    setTimeout(() => hit?.classList.remove('hit'), 900);
    status.textContent = t('plLanded', { x: o.multiplier, amount: money(answer.win) });
    G.sound.play(o.multiplier >= 2 ? 'win' : o.multiplier >= 1 ? 'push' : 'lose');
    G.finishRound(answer);
  });

  G.setInfo(() => {
    const table = R.tables[rows][risk];
    const n = table.length - 1;
    let rtp = 0;
    table.forEach((m, k) => {
      let c = 1;
      for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
      rtp += (c / 2 ** n) * (m / 100);
    });
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el('ul', {}, el('li', { text: t('plRule1') }), el('li', { text: t('plRule2') })),
        el('h3', { text: t('plTable', { rows, risk: riskLabel[risk] }) }),
        el('p', { text: table.map((m) => `${m / 100}×`).join(' · ') }),
        el('p', { text: t('plRtpTable', { rtp: (rtp * 100).toFixed(2) }) }),
        el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
        el('p', { class: 'pl-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'pl-note', text: t('fair') }),
      ),
    );
  });
})();
