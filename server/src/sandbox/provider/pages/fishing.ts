/*
 * Fishing as a shooting game. The pond is shared by every player of the title: its fish, their paths and
 * when they come and go are the server's (POST /pond, polled every second: waves drawn from the title's
 * pond seed on the server clock, games/pond.ts), drawn here with the same path formula. Your cannon sits
 * at the bottom: pick a level (1 to 100 pesos a shot), tap the pond; the cannon turns and fires a bullet
 * to the tap. A bullet that reaches a fish sends the shot (one round at that level on that fish, drawn
 * from your provably fair seeds: caught with a chance of RTP / multiplier); the net closes on it and the
 * coins burst on a catch, or the fish swims on. A bullet that hits only water costs nothing. One bullet in
 * flight at a time: the next waits until the server settled the last. The other players at the pond are
 * drawn as cannons around it (masked nicknames, their levels, their shots and catches).
 */
import { Game, type GameKit } from './kit/game';
import './styles/fishing.css';
import { cannonSvg, fishSvg } from './fishing/art';
import { domEffects, type PondEffects } from './fishing/effects';
import { REACH, screenAt } from './fishing/path';
import { openRules } from './fishing/rules';
import type { PondScene } from './fishing/scene';
import { createSeats } from './fishing/seats';
import { EN, VI } from './fishing/strings';
import type { Fish, FishingConfig, FishingOutcome, PondAnswer, PondFish, Swimmer } from './fishing/types';

type PondReply = PondAnswer | { ok: false; code?: number; message?: string };

(() => {
  if (!Game) return;
  const G: GameKit = Game;
  const { el, t, money } = G;
  G.addStrings(EN, VI);
  if (!G.rules) return;
  const R = G.rules as FishingConfig;
  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--fs-bg1', c1);
  document.body.style.setProperty('--fs-bg2', c2);
  document.body.style.setProperty('--fs-accent', c3);
  const kinds = new Map(R.fish.map((f) => [f.id, f]));
  const bossId = ([...R.fish].sort((a, b) => b.multiplier - a.multiplier)[0] as Fish).id;
  const name = (f: Fish) => f.name[G.vi ? 1 : 0];
  const x100 = (f: Fish) => f.multiplier / 100;

  /* ---------- the pond and the cannons ---------- */

  const pond = el('div', { class: 'fs-pond', role: 'application', 'aria-label': t('fsTap'), 'data-shots': '0' });
  const school = el('div', { class: 'fs-school' });
  const effectsLayer = el('div', { class: 'fs-effects' });
  const waveTag = el('div', { class: 'fs-wave', 'aria-hidden': 'true' });
  const crowd = el('div', { class: 'fs-crowd', 'aria-live': 'off' });
  const barrel = el('div', { class: 'fs-barrel', html: cannonSvg });
  const levelTag = el('span', { class: 'fs-level' });
  const mine = el('div', { class: 'fs-cannon fs-mine' }, barrel, levelTag);
  const seats = el('div', { class: 'fs-seats' });
  pond.append(school, effectsLayer, seats, mine, waveTag, crowd);
  const status = el('div', { class: 'fs-status', 'aria-live': 'polite', text: t('fsTap') });
  const levels = R.levels.map((c) => c / 100);
  const paintLevel = (centavos: number) => {
    levelTag.textContent = money(centavos);
  };
  const stepper = G.stakeStepper({
    values: levels,
    initial: levels[0] as number,
    onChange: (value) => {
      paintLevel(value);
      poll();
    },
  });
  const controls = el(
    'div',
    { class: 'fs-controls' },
    el('span', { class: 'fs-controls-label', text: t('fsLevel') }),
    stepper.node,
  );
  G.stage.append(pond, status, controls);
  paintLevel(stepper.value);

  let inFlight = false;
  G.onLock((locked) => {
    stepper.setDisabled(locked);
    pond.classList.toggle('busy', locked || inFlight);
  });

  /* ---------- the server's pond on the page's clock ---------- */

  let offset = 0;
  let offsetKnown = false;
  const serverNow = () => performance.now() + offset;
  const swimming = new Map<string, Swimmer>();
  const caughtByMe = new Set<string>();
  const size = () => ({ w: pond.clientWidth, h: pond.clientHeight });
  /** A fish's place on screen (px, its centre) at server time `now`. */
  const at = (f: PondFish, now: number) => {
    const { w, h } = size();
    return screenAt(f, now, w, h);
  };

  function addFish(f: PondFish) {
    const kind = kinds.get(f.fish);
    if (!kind) return;
    const node = el(
      'div',
      {
        class: `fs-fish fs-size${kind.size}${f.fish === bossId ? ' fs-boss' : ''}`,
        'data-id': f.id,
        'data-fish': f.fish,
        'aria-label': `${name(kind)} ×${x100(kind)}`,
      },
      el('span', { class: 'fs-body', html: fishSvg(kind) }),
      el('span', { class: 'fs-x', text: `×${x100(kind)}` }),
    );
    if (f.to[0] > f.from[0]) node.classList.add('fs-right');
    school.append(node);
    swimming.set(f.id, { f, node, kind });
  }

  function frame() {
    const now = serverNow();
    for (const [id, s] of swimming) {
      if (now > s.f.leaveAt + 400) {
        s.node.remove();
        swimming.delete(id);
        continue;
      }
      const [x, y] = at(s.f, now);
      s.node.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      s.node.classList.toggle('in', now >= s.f.enterAt);
    }
    requestAnimationFrame(frame);
  }

  /* ---------- the drawing: the DOM pond first, PixiJS over it once loaded ---------- */

  const dom = domEffects(G, effectsLayer);
  let scene: PondScene | null = null;
  const effects: PondEffects = {
    bullet: (...args) => (scene?.effects ?? dom).bullet(...args),
    splash: (...args) => (scene?.effects ?? dom).splash(...args),
    net: (...args) => (scene?.effects ?? dom).net(...args),
    coins: (...args) => (scene?.effects ?? dom).coins(...args),
  };
  const aim = (angle: number) => {
    barrel.style.transform = `rotate(${angle}rad)`;
    scene?.aim(angle);
  };
  import('./fishing/scene')
    .then(({ createScene }) =>
      createScene(pond, {
        swimming,
        serverNow,
        at,
        bossId,
        accent: c3,
        reducedMotion: () => G.reducedMotion(),
        ms: (full) => G.ms(full),
        label: (x, y, win) => dom.label(x, y, win),
      }),
    )
    .then((drawn) => {
      scene = drawn;
      pond.classList.add('fs-pixi');
    })
    .catch(() => {
      /* no WebGL (or the chunk failed to load): the DOM pond goes on */
    });
  const paintSeats = createSeats(G, { seats, crowd, size, swimming, serverNow, effects });

  /* ---------- the poll ---------- */

  let polling = false;
  async function poll() {
    if (G.ended || polling) return;
    polling = true;
    const sent = performance.now();
    try {
      const answer = await G.api<PondReply>('pond', { level: stepper.value });
      if (answer?.ok) {
        const received = performance.now();
        const estimate = answer.now - (sent + received) / 2;
        // the first answer sets the clock; later ones nudge it (no jumps while the fish swim)
        offset = offsetKnown ? offset + (estimate - offset) * 0.2 : estimate;
        offsetKnown = true;
        for (const f of answer.fish) if (!swimming.has(f.id) && !caughtByMe.has(f.id)) addFish(f);
        waveTag.textContent = t('fsWave', { n: answer.wave % 1000 });
        paintSeats(answer.players);
      } else if (answer && [50003, 50004].includes(answer.code ?? 0)) G.endSession();
    } catch {
      /* offline: the next poll tries again */
    } finally {
      polling = false;
    }
  }

  /* ---------- firing ---------- */

  const fromMine = (): [number, number] => {
    const { w, h } = size();
    return [w / 2, h - 24];
  };

  /** The fish nearest to a point (px) at server time `now`, within its reach. */
  function fishAt(px: number, py: number, now: number) {
    let best: Swimmer | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const s of swimming.values()) {
      if (now < s.f.enterAt || now > s.f.leaveAt) continue;
      const [x, y] = at(s.f, now);
      const d = Math.hypot(x - px, y - py);
      if (d < REACH[s.kind.size] && d < bestD) {
        best = s;
        bestD = d;
      }
    }
    return best;
  }
  const shotId = () => `s${Date.now().toString(36)}${Math.floor(Math.random() * 2 ** 40).toString(36)}`.slice(0, 40);

  pond.addEventListener('pointerdown', (event) => {
    if (G.ended) return G.endSession();
    if (inFlight || G.busy) return;
    const box = pond.getBoundingClientRect();
    fire(event.clientX - box.left, event.clientY - box.top);
  });

  async function fire(px: number, py: number) {
    if (stepper.value > G.balance) {
      G.toast(t('insufficient', { balance: money(G.balance) }), 'error');
      return;
    }
    inFlight = true;
    pond.classList.add('busy');
    const [x0, y0] = fromMine();
    const angle = Math.atan2(px - x0, y0 - py);
    aim(angle);
    G.sound.play('launch');
    const travel = Math.min(520, Math.max(160, Math.hypot(px - x0, py - y0) * 0.7));
    // aimed at a fish under the tap: the bullet meets it where it will be when the bullet arrives
    const target = fishAt(px, py, serverNow());
    const [tx, ty] = target ? at(target.f, serverNow() + G.ms(travel)) : [px, py];
    if (target) aim(Math.atan2(tx - x0, y0 - ty));
    await effects.bullet(x0, y0, tx, ty, 'fs-own', travel);
    try {
      if (!target) {
        effects.splash(tx, ty, false);
        status.textContent = t('fsSplash');
        return;
      }
      const netNode = effects.net(tx, ty);
      const answer = await G.play<FishingOutcome>({ stake: stepper.value, target: target.f.id, shot: shotId() });
      pond.dataset.shots = String(Number(pond.dataset.shots) + 1);
      if (!answer) {
        netNode.remove();
        return;
      }
      const f = kinds.get(answer.outcome.fish) ?? target.kind;
      const [cx, cy] = at(target.f, serverNow());
      if (answer.outcome.caught) {
        caughtByMe.add(target.f.id);
        target.node.classList.add('caught');
        G.sound.play(answer.outcome.multiplier >= 50 ? 'bigwin' : 'win');
        effects.coins(cx, cy, answer.outcome.multiplier >= 50 ? 16 : 10, answer.win);
        status.textContent = t('fsCaught', { fish: name(f), x: answer.outcome.multiplier, amount: money(answer.win) });
        status.dataset.result = 'caught';
        setTimeout(() => {
          target.node.remove();
          swimming.delete(target.f.id);
        }, G.ms(900));
      } else {
        target.node.classList.add('escaped');
        G.sound.play('lose');
        status.textContent = t('fsMissed', { fish: name(f) });
        status.dataset.result = 'missed';
        setTimeout(() => target.node.classList.remove('escaped'), G.ms(700));
      }
      status.dataset.win = String(answer.win);
      status.dataset.round = answer.roundId;
      await G.wait(G.ms(500));
      G.finishRound(answer);
    } finally {
      inFlight = false;
      pond.classList.toggle('busy', G.busy);
    }
  }

  /* ---------- rules ---------- */

  G.setInfo(() => openRules(G, R, bossId, name));

  poll();
  setInterval(poll, 1000);
  requestAnimationFrame(frame);
})();
