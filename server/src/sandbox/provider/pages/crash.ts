/*
 * Crash as one shared round for every player of the title (server/src/sandbox/provider/crash-room.ts): a
 * betting phase, then the flight from 1.00x along m(t) = e^(k t) on the server clock, the crash at the
 * round's point (committed by its hash before bets, its seed shown after), a pause, the next round. The page
 * polls /crash (the round's times, everyone's bets with masked names, the last points) and draws the curve
 * from the server's times, corrected by serverNow. Cash out sends no multiplier: the server takes its own
 * clock at receipt and pays stake x m(now) if the rocket is still flying.
 */
import { createBoard } from './crash/board';
import { createCurve, makeParticles } from './crash/curve';
import { fmtX, multAt, setGrowth, timeOf } from './crash/flight';
import { createPanel } from './crash/panel';
import { EN, VI } from './crash/strings';
import type { CrashBetOutcome, CrashCashOut, CrashConfig, CrashFailure, CrashStatus, MyCrashBet } from './crash/types';
import { Game, type GameKit, type RoundAnswer } from './kit/game';

/** How a bet ended, as the page learns it (a cash-out answer, an auto cash-out, the crash). */
type BetEnd = Pick<MyCrashBet, 'state' | 'cashedAt' | 'win' | 'stake'> & { balance?: number };

(() => {
  if (!Game) return;
  const G: GameKit = Game;
  const { el, t, money } = G;
  // The maths and look come from Game.rules, the config the server pays from (games/crash.ts).
  if (!G.rules) return;
  const R = G.rules as CrashConfig;
  G.addStrings(EN, VI);

  const [c1, c2, c3] = R.theme.colors;
  document.body.style.setProperty('--crash-bg1', c1);
  document.body.style.setProperty('--crash-bg2', c2);
  document.body.style.setProperty('--crash-quick-count', String(R.presets.length));

  /* ---------- layout ---------- */

  const board = createBoard(G);
  const canvas = el('canvas', { class: 'crash-canvas', 'aria-hidden': 'true' });
  const readoutValue = el('div', { class: 'crash-x', text: '1.00×' });
  const readoutStatus = el('div', { class: 'crash-status', text: '' });
  const cashBadge = el('div', { class: 'crash-cash', hidden: true, role: 'status' });
  const sky = el(
    'section',
    { class: 'crash-sky', 'data-theme': R.theme.key },
    el('div', { class: 'crash-stars', 'aria-hidden': 'true' }),
    canvas,
    el(
      'div',
      { class: 'crash-readout', role: 'status', 'aria-live': 'polite', 'aria-label': t('multiplier') },
      readoutValue,
      readoutStatus,
    ),
    cashBadge,
  );
  const panel = createPanel(G, R, () => paintControls());
  const { launchButton, cashButton, betNote } = panel;
  G.stage.append(board.historyRow, sky, panel.node, board.players);
  const curve = createCurve(canvas, c3, (x) => t('targetLine', { x }));

  /* ---------- the shared round ---------- */

  /** The last /crash answer; `offset` turns the page's clock into the server's (serverNow at receipt). */
  let room: CrashStatus | null = null;
  let offset = 0;
  let myBet: { round: number | undefined; roundId?: string; done: boolean } | null = null;
  let cashing = false;
  let shownRound = 0;
  let shownCrash = 0;
  const serverNow = () => Date.now() + offset;

  function phaseNow() {
    if (!room) return 'betting';
    const r = room.round;
    if (r.phase === 'crashed') return 'crashed';
    // The flight goes on, from the server's times, until the server says it crashed.
    return serverNow() < r.flightAt ? 'betting' : 'flying';
  }
  function liveMultiplier() {
    const r = room?.round;
    if (!r) return 1;
    if (r.phase === 'crashed') return (r.point ?? 100) / 100;
    return multAt(Math.max(0, (serverNow() - r.flightAt) / 1000));
  }
  const mine = () => room?.me ?? null;
  /** A bet ends outside /play's answer (a cash-out, the crash): finishRound reads only the balance (pesos). */
  const finishWith = (balance: number) => G.finishRound({ balance } as RoundAnswer);

  function paintControls() {
    const phase = phaseNow();
    const me = mine();
    const inFlight = phase === 'flying' && me?.state === 'in';
    const canBet = phase === 'betting' && !me && !G.ended;
    launchButton.hidden = inFlight;
    cashButton.hidden = !inFlight;
    launchButton.disabled = !canBet || G.busy || !panel.inputValid();
    launchButton.classList.toggle('busy', !canBet && !G.ended);
    panel.setLocked(!canBet || G.busy);
    if (inFlight && me) {
      const m = liveMultiplier();
      cashButton.disabled = cashing;
      cashButton.replaceChildren(
        el('span', { text: t('cashOut') }),
        el('strong', { text: money(Math.floor((me.stake * Math.floor(m * 100 + 1e-6)) / 100)) }),
      );
    }
  }
  G.onLock(paintControls);

  function setReadout(m: number, phase: string) {
    readoutValue.textContent = fmtX(m);
    sky.dataset.phase = phase;
  }

  function showCash(x: number, win: number) {
    cashBadge.hidden = false;
    cashBadge.className = 'crash-cash';
    cashBadge.replaceChildren(
      el('span', { text: t('cashedOut', { x: fmtX(x) }) }),
      el('strong', { text: `+${money(win)}` }),
    );
    G.sound.play('cashout');
  }

  function crashNow(point: number) {
    const scene = curve.chart.scene;
    scene.phase = 'crashed';
    scene.point = point;
    scene.t = timeOf(point);
    scene.crashAt = performance.now();
    scene.particles = G.reducedMotion() ? [] : makeParticles();
    G.sound.play('explode');
    if (!G.reducedMotion()) {
      sky.classList.remove('shake');
      void sky.offsetWidth;
      sky.classList.add('shake');
    }
  }

  /** The bet's end as the page learns it (a cash-out answer, an auto cash-out, the crash): balance and frame. */
  async function betEnded(me: BetEnd) {
    if (!myBet || myBet.done) return;
    myBet.done = true;
    if (me.state === 'cashed') showCash((me.cashedAt ?? 0) / 100, me.win);
    else if (room?.round.point) {
      cashBadge.hidden = false;
      cashBadge.className = 'crash-cash lost';
      cashBadge.textContent = t('missed', { x: fmtX(room.round.point / 100), amount: money(me.stake) });
    }
    const balance = me.balance ?? (await G.refreshBalance()) / 100;
    finishWith(balance);
  }

  /** Each frame: the curve and the readout from the server's times. */
  function frame() {
    const phase = phaseNow();
    const r = room?.round;
    if (r && r.n !== shownRound) {
      shownRound = r.n;
      curve.chart.scene = { t: 0, phase: 'betting', point: null, target: null, cashed: false, particles: [] };
      if (!myBet || myBet.round !== r.n) cashBadge.hidden = true;
    }
    const scene = curve.chart.scene;
    if (phase === 'betting') {
      const s = Math.max(0, Math.ceil(((r?.flightAt ?? serverNow()) - serverNow()) / 1000));
      setReadout(1, 'ready');
      readoutStatus.textContent = t('betting', { s });
      scene.t = 0;
    } else if (phase === 'flying' && r) {
      if (scene.phase !== 'flying') {
        scene.phase = 'flying';
        G.sound.play('launch');
      }
      scene.t = Math.max(0, (serverNow() - r.flightAt) / 1000);
      setReadout(multAt(scene.t), 'flying');
      readoutStatus.textContent = t('flying');
    } else if (r) {
      const point = (r.point ?? 100) / 100;
      if (scene.phase !== 'crashed') crashNow(point);
      setReadout(point, 'crashed');
      const s = Math.max(0, Math.ceil(((r.nextAt ?? 0) - serverNow()) / 1000));
      readoutStatus.textContent = `${t('crashedAt', { x: fmtX(point) })} · ${t('next', { s })}`;
    }
    const me = mine();
    scene.target = me?.target ? me.target / 100 : null;
    scene.cashed = me?.state === 'cashed';
    if (scene.cashed && me) scene.target = (me.cashedAt ?? 0) / 100;
    betNote.textContent =
      me?.state === 'in'
        ? t(phase === 'flying' ? 'betIn' : 'betNext', { amount: money(me.stake) })
        : phase !== 'betting' && !me
          ? t('waiting')
          : '';
    curve.draw();
    paintControls();
    requestAnimationFrame(frame);
  }

  let polling = false;
  async function poll() {
    if (G.ended || polling) return;
    polling = true;
    try {
      const sent = Date.now();
      const answer = await G.api<CrashStatus | CrashFailure>('crash');
      if (answer?.ok) {
        const received = Date.now();
        // The server's clock at the middle of the request.
        offset = answer.serverNow - (sent + received) / 2;
        setGrowth(answer.round.growth);
        const crashedNow = answer.round.phase === 'crashed' && room?.round.phase !== 'crashed';
        room = answer;
        if (crashedNow) shownCrash = answer.round.n;
        const me = answer.me;
        // A bet placed before a reload (or in another tab) is followed the same way.
        if (myBet && !myBet.done && myBet.round !== answer.round.n) {
          // The bet's round is over and gone (the page was away through the crash): the balance tells its end.
          myBet.done = true;
          finishWith((await G.refreshBalance()) / 100);
        }
        if (me && (!myBet || myBet.round !== answer.round.n))
          myBet = { round: answer.round.n, done: me.state !== 'in' };
        if (me && me.state !== 'in' && myBet && myBet.round === answer.round.n) await betEnded(me);
        board.paintHistory(room, shownCrash);
        board.paintBets(room);
      } else if (answer?.code === 50003 || answer?.code === 50004) G.endSession();
    } catch {
      /* offline: the next poll tries again */
    } finally {
      polling = false;
    }
  }

  async function launch() {
    if (G.busy || G.ended || phaseNow() !== 'betting' || mine()) return;
    if (!panel.inputValid()) {
      panel.focusTarget();
      return;
    }
    const body = panel.bet();
    G.sound.play('click');
    const answer = await G.play<CrashBetOutcome>(body);
    if (!answer) return;
    myBet = { round: answer.outcome.round, roundId: answer.roundId, done: false };
    cashBadge.hidden = true;
    await poll();
  }
  launchButton.addEventListener('click', launch);

  async function cashOut() {
    if (cashing || G.ended) return;
    cashing = true;
    paintControls();
    try {
      // No multiplier is sent: the server reads its own clock when the request arrives.
      const answer = await G.api<CrashCashOut | CrashFailure>('crash/cashout');
      if (answer?.ok) {
        if (room?.me) Object.assign(room.me, { state: 'cashed', cashedAt: answer.cashedAt, win: answer.win });
        if (!myBet) myBet = { round: room?.round.n, roundId: answer.roundId, done: false };
        await betEnded({
          state: 'cashed',
          cashedAt: answer.cashedAt,
          win: answer.win,
          stake: answer.stake,
          balance: answer.balance,
        });
      } else if (answer?.code === 60502) {
        G.toast(t('tooLate', { x: fmtX((answer.point ?? 100) / 100) }), 'error');
      } else if (answer?.code === 50003 || answer?.code === 50004) G.endSession();
      else if (answer?.message) G.toast(answer.message, 'error');
    } catch {
      G.toast(t('network'), 'error');
    } finally {
      cashing = false;
      await poll();
    }
  }
  cashButton.addEventListener('click', cashOut);

  /* ---------- info ---------- */

  G.setInfo(() => {
    const content = el(
      'div',
      { class: 'crash-info' },
      el('h3', { text: t('rules') }),
      el(
        'ul',
        {},
        ['ruleTarget', 'ruleClimb', 'ruleCrash', 'ruleSpeed'].map((k) =>
          el('li', { text: t(k, { ...panel.limits, rtp: panel.rtpPct, bet: 6 }) }),
        ),
        el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
        el('li', { text: t('fair') }),
        el('li', { text: t('malfunction') }),
      ),
      el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: `${panel.rtpPct}%` })),
    );
    G.openSheet(G.data.title, content);
  });

  board.paintHistory(room, shownCrash);
  board.paintBets(room);
  panel.paintOdds();
  sky.dataset.phase = 'ready';
  curve.resize();
  poll();
  // About once a second; twice while it flies, so the crash shows soon after it happens.
  (function schedule() {
    setTimeout(
      async () => {
        await poll();
        schedule();
      },
      phaseNow() === 'flying' ? 500 : 1000,
    );
  })();
  requestAnimationFrame(frame);
})();
