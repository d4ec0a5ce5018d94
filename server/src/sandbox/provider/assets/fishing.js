/*
 * Fishing: an animated pond of the config's fish (Game.rules.fish), each with its multiplier. Tap a fish to
 * shoot it at the chosen stake: one shot is one round; the server decides the catch (chance RTP / multiplier)
 * and the page shows the net closing on it or the fish escaping.
 */
(() => {
  const G = window.Game;
  if (!G) return;
  const { el, t, money } = G;
  const R = G.rules;
  G.addStrings(
    {
      fsTap: 'Tap a fish to shoot',
      fsCaught: 'Caught! {fish} ×{x} · {amount}',
      fsMissed: 'The {fish} got away',
      fsRule1: 'Choose your bet, then tap a fish: each shot is one round at that bet.',
      fsRule2:
        'A fish worth ×{x} is caught with a chance of RTP ÷ {x} and then pays your bet times {x}. Bigger fish pay more and are caught less often.',
      fsPays: 'Fish and multipliers',
      fsChance: 'chance {p}%',
    },
    {
      fsTap: 'Chạm vào một con cá để bắn',
      fsCaught: 'Bắt được! {fish} ×{x} · {amount}',
      fsMissed: '{fish} đã thoát',
      fsRule1: 'Chọn mức cược rồi chạm vào một con cá: mỗi phát bắn là một ván với mức cược đó.',
      fsRule2:
        'Cá có hệ số ×{x} bị bắt với xác suất RTP ÷ {x} và khi đó trả tiền cược nhân {x}. Cá càng lớn trả càng nhiều và càng khó bắt.',
      fsPays: 'Các loại cá và hệ số',
      fsChance: 'xác suất {p}%',
    },
  );
  if (!R) return;
  document.head.append(el('link', { rel: 'stylesheet', href: '/provider/assets/fishing.css' }));
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--fs-bg1', c1);
  document.body.style.setProperty('--fs-bg2', c2);
  document.body.style.setProperty('--fs-accent', c3);
  const name = (f) => f.name[G.vi ? 1 : 0];

  const fishSvg = (f) =>
    `<svg viewBox="0 0 120 60" aria-hidden="true"><path d="M6 30C24 6 64 2 88 24l26-16-8 22 8 22-26-16C64 58 24 54 6 30z" fill="${f.color}"/><circle cx="26" cy="26" r="5" fill="#fff"/><circle cx="25" cy="26" r="2.5" fill="#111"/></svg>`;

  const pond = el('div', { class: 'fs-pond', role: 'group', 'aria-label': t('fsTap') });
  const swimmers = R.fish.map((f, i) => {
    const node = el('button', {
      type: 'button',
      class: `fs-fish fs-size${f.size}`,
      'aria-label': `${name(f)} ×${f.multiplier / 100}`,
      style: `--lane:${i};--n:${R.fish.length};--speed:${8 + ((i * 7) % 9)}s;--delay:-${(i * 2.3) % 8}s`,
      html: `${fishSvg(f)}<span class="fs-x">×${f.multiplier / 100}</span>`,
    });
    node.addEventListener('click', () => shoot(f, node));
    pond.append(node);
    return node;
  });
  const status = el('div', { class: 'fs-status', 'aria-live': 'polite', text: t('fsTap') });
  const stepper = G.stakeStepper({ values: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], initial: 5 });
  G.stage.append(pond, status, stepper.node);
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    for (const s of swimmers) s.classList.toggle('busy', locked);
  });

  async function shoot(f, node) {
    if (G.busy) return;
    const answer = await G.play({ stake: stepper.value, fish: f.id });
    if (!answer) return;
    G.sound.play('launch');
    const shot = el('span', { class: 'fs-shot' });
    node.append(shot);
    await G.wait(G.ms(450));
    shot.remove();
    if (answer.outcome.caught) {
      node.classList.add('caught');
      G.sound.play(answer.outcome.multiplier >= 50 ? 'bigwin' : 'win');
      status.textContent = t('fsCaught', { fish: name(f), x: answer.outcome.multiplier, amount: money(answer.win) });
    } else {
      node.classList.add('escaped');
      G.sound.play('lose');
      status.textContent = t('fsMissed', { fish: name(f) });
    }
    await G.wait(G.ms(900));
    node.classList.remove('caught', 'escaped');
    G.finishRound(answer);
  }

  G.setInfo(() => {
    const rows = R.fish.map((f) =>
      el(
        'div',
        { class: 'fs-row' },
        el('span', { class: 'fs-icon', html: fishSvg(f) }),
        el('strong', { text: name(f) }),
        el('span', { text: `×${f.multiplier / 100}` }),
        el('span', { class: 'fs-note', text: t('fsChance', { p: ((R.rtp / (f.multiplier / 100)) * 100).toFixed(2) }) }),
      ),
    );
    G.openSheet(
      t('rules'),
      el(
        'div',
        {},
        el('ul', {}, el('li', { text: t('fsRule1') }), el('li', { text: t('fsRule2', { x: 'N' }) })),
        el('h3', { text: t('fsPays') }),
        rows,
        el('p', {}, el('strong', { text: `${t('rtp')}: ${(R.rtp * 100).toFixed(2)}%` })),
        el('p', { class: 'fs-note', text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('p', { class: 'fs-note', text: t('fair') }),
      ),
    );
  });
})();
