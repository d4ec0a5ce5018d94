/*
 * The page kit shared by every family's page: the header with the live balance, toasts, the bottom sheet,
 * the stake stepper, the round lock around POST /play and /act, a shared table's live panel and its poll,
 * the fairness sheet and the message to the casino frame after each round. The pieces without state live
 * beside it (dom, money, strings, motion, store, sound, widgets, live-table); a family imports `Game` from
 * ./game. The contract is types.ts (GameKit).
 */
import '../styles/games.css';
import type { PlayResult, TableDraw } from '../../engine';
import { el, fill, ICONS, wait } from './dom';
import { drawText, liveTable, sideName } from './live-table';
import { MAX_STAKE, MIN_STAKE, money, toCentavos } from './money';
import { ms, reducedMotion } from './motion';
import { data, gameData, type RevealedPair, root, type Seeds, vi } from './page-data';
import { sound } from './sound';
import { store } from './store';
import { addStrings, t } from './strings';
import type { GameKit, PlayBody, RoundAnswer, TitleInfo, ToastKind } from './types';
import { openSheet, rollUp, stakeStepper } from './widgets';

/** Any answer of the provider's API: success or { ok: false, code, message }. */
type Answer = { ok?: boolean; code?: number; message?: string; balance?: number };
type Failure = Extract<PlayResult, { ok: false }>;

/** POST /table: the shared table's state for the banner. */
interface TableStatus extends Answer {
  round: number;
  open: boolean;
  closesInMs: number;
  bets: number;
  staked: number;
  shares?: Record<string, number>;
  /** The last drawn cycle with its facts (the server's TableDraw): the banner tells it at once. */
  last?: { round: number; result: string; facts?: unknown } | null;
}

document.documentElement.lang = vi ? 'vi' : 'en';

function createKit(root: HTMLElement): GameKit {
  let balance = toCentavos(root.dataset.balance);
  const balanceValue = el('span', { class: 'g-balance-value', text: money(balance) });
  const soundButton = el('button', { type: 'button', class: 'g-icon-btn g-sound' });
  const infoButton = el('button', {
    type: 'button',
    class: 'g-icon-btn g-info',
    'aria-label': t('info'),
    title: t('info'),
    html: ICONS.info,
  });
  const header = el(
    'header',
    { class: 'g-header' },
    el(
      'div',
      { class: 'g-title' },
      el('strong', { text: data.title }),
      el('span', { class: 'g-nick', text: data.nickname }),
    ),
    el(
      'div',
      { class: 'g-balance', role: 'status', 'aria-live': 'polite' },
      el('span', { class: 'g-balance-label', text: t('balance') }),
      balanceValue,
    ),
    soundButton,
    el('button', {
      type: 'button',
      class: 'g-icon-btn g-fair',
      'aria-label': t('fairness'),
      title: t('fairness'),
      html: ICONS.shield,
      onclick: () => openFairness(),
    }),
    infoButton,
  );
  const toastRegion = el('div', { class: 'g-toasts', role: 'alert', 'aria-live': 'assertive' });
  const stage = el('div', { class: 'g-stage' });
  root.append(header, toastRegion, stage);

  function paintSound() {
    soundButton.innerHTML = sound.on ? ICONS.soundOn : ICONS.soundOff;
    soundButton.setAttribute('aria-pressed', String(sound.on));
    soundButton.setAttribute('aria-label', sound.on ? t('soundOn') : t('soundOff'));
    soundButton.title = sound.on ? t('soundOn') : t('soundOff');
  }
  soundButton.addEventListener('click', () => {
    sound.set(!sound.on);
    paintSound();
    sound.play('click');
  });
  paintSound();

  let infoHandler: (() => void) | null = null;
  infoButton.addEventListener('click', () => infoHandler?.());

  let balanceFlash: ReturnType<typeof setTimeout> | undefined;
  const balanceListeners: ((centavos: number) => void)[] = [];
  function setBalance(centavos: number) {
    if (!Number.isFinite(centavos)) return;
    const before = balance;
    balance = centavos;
    balanceValue.textContent = money(centavos);
    if (centavos !== before) {
      balanceValue.classList.remove('up', 'down');
      void balanceValue.offsetWidth;
      balanceValue.classList.add(centavos > before ? 'up' : 'down');
      clearTimeout(balanceFlash);
      balanceFlash = setTimeout(() => balanceValue.classList.remove('up', 'down'), 900);
    }
    for (const listener of balanceListeners) listener(balance);
  }

  /** A short message under the header; errors stay a little longer. */
  function toast(message: string, kind: ToastKind = 'info', duration?: number) {
    const node = el('div', { class: `g-toast g-toast-${kind}` }, el('span', { text: message }));
    const close = el('button', {
      type: 'button',
      class: 'g-toast-close',
      'aria-label': t('close'),
      html: ICONS.close,
      onclick: () => remove(),
    });
    node.append(close);
    while (toastRegion.children.length >= 2) toastRegion.firstElementChild?.remove();
    toastRegion.append(node);
    const timer = setTimeout(() => remove(), duration ?? (kind === 'error' ? 6000 : 3200));
    function remove() {
      clearTimeout(timer);
      node.classList.add('out');
      setTimeout(() => node.remove(), ms(200));
    }
    return remove;
  }

  let ended = false;
  /** The session is gone (expired, or the provider restarted): stop play and say how to continue. */
  function endSession() {
    if (ended) return;
    ended = true;
    toastRegion.replaceChildren();
    document.body.classList.add('is-ended');
    for (const listener of lockListeners) listener(true);
    const banner = el(
      'div',
      { class: 'g-ended', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'g-ended-title' },
      el(
        'div',
        { class: 'g-ended-card' },
        el('h2', { id: 'g-ended-title', text: t('sessionEnded') }),
        el('p', { text: t('sessionEndedHelp') }),
      ),
    );
    document.body.append(banner);
  }

  /* ---------- the API and the round lock ---------- */

  async function api<T = Answer>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`/provider/api/${encodeURIComponent(data.session)}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      return { ok: false, message: '' } as T;
    }
  }

  const SESSION_CODES = [50003, 50004];
  const isSessionEnded = (answer: Answer | null | undefined) =>
    SESSION_CODES.includes(Number(answer?.code)) || /session (ended|expired)/i.test(String(answer?.message || ''));

  async function refreshBalance() {
    if (ended) return balance;
    try {
      const answer = await api('balance');
      if (answer?.ok) setBalance(toCentavos(answer.balance));
      else if (isSessionEnded(answer)) endSession();
    } catch {
      /* offline: keep the last known balance */
    }
    return balance;
  }

  let locked = false;
  const lockListeners: ((disabled: boolean) => void)[] = [];
  function setLocked(value: boolean) {
    locked = value;
    document.body.classList.toggle('is-busy', value);
    for (const listener of lockListeners) listener(value || ended);
  }

  function showError(answer: Answer | null | undefined) {
    if (isSessionEnded(answer)) return endSession();
    if (typeof answer?.balance === 'number') setBalance(toCentavos(answer.balance));
    if (answer?.code === 40001) return toast(t('insufficient', { balance: money(balance) }), 'error');
    if (answer?.code === 50011) return toast(t('seedsInUse'), 'error');
    // A shared table's two refusals of a bet (the server's texts are English; these are the player's).
    if (answer?.code === 50008 && /already have a bet/.test(answer.message || ''))
      return toast(t('tableOnce'), 'error');
    if (answer?.code === 50008 && /Bets are closed/.test(answer.message || '')) return toast(t('tableShut'), 'error');
    if (answer?.code === 50008 || answer?.code === 10001)
      return toast(t('betInvalid', { min: money(MIN_STAKE), max: money(MAX_STAKE) }), 'error');
    // Account states (suspended, restricted) come with a message from the casino, in English.
    return toast(answer?.message && (answer.code ?? 0) >= 20000 ? answer.message : t('failed'), 'error');
  }

  /**
   * Plays one round: takes the lock, checks the stake against the balance, POSTs /play. On success the
   * lock is held and the header shows the balance after the stake; the game animates the outcome and then
   * calls finishRound(answer), which shows the final balance and tells the casino frame. Null on failure.
   */
  async function play<Outcome = unknown, View = unknown>(body: PlayBody): Promise<RoundAnswer<Outcome, View> | null> {
    // A one-shot body names its stake; a chip table's bets and an ante are checked by the server alone.
    const stake = 'stake' in body && typeof body.stake === 'number' ? body.stake : 0;
    if (ended) {
      endSession();
      return null;
    }
    if (locked) {
      toast(t('busy'));
      return null;
    }
    setLocked(true);
    try {
      if (stake > balance) {
        // The balance may have grown (a deposit in the casino window): ask before refusing.
        await refreshBalance();
        if (ended) {
          setLocked(false);
          return null;
        }
        if (stake > balance) {
          showError({ code: 40001 });
          setLocked(false);
          return null;
        }
      }
      const answer = await api<RoundAnswer<Outcome, View> | Failure>('play', body);
      if (answer?.ok !== true) {
        showError(answer);
        setLocked(false);
        return null;
      }
      lastRoundId = answer.roundId;
      setBalance(toCentavos(answer.balance) - answer.win);
      return answer;
    } catch {
      toast(t('network'), 'error');
      setLocked(false);
      refreshBalance();
      return null;
    }
  }

  /** After the animation: the round's final balance in the header and in the casino's frame. */
  function finishRound(answer: RoundAnswer | null) {
    if (answer) {
      setBalance(toCentavos(answer.balance));
      if (window.parent && window.parent !== window) {
        try {
          window.parent.postMessage({ type: 'game-round', balance: answer.balance }, location.origin);
        } catch {
          /* a parent on another origin does not get the message */
        }
      }
    }
    setLocked(false);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !locked) refreshBalance();
  });

  /* ---------- stepped rounds ---------- */

  let acting = false;
  /**
   * One action on the open stepped round (the lock taken by Game.play stays held while it is open).
   * Answers like Game.play: done false with `view` while the round goes on; once done, the game animates
   * and calls finishRound(answer). Null when refused (a toast says why; the round is unchanged).
   */
  async function act<Outcome = unknown, View = unknown>(
    roundId: string,
    action: unknown,
  ): Promise<RoundAnswer<Outcome, View> | null> {
    if (ended) {
      endSession();
      return null;
    }
    if (acting) return null;
    acting = true;
    try {
      const answer = await api<RoundAnswer<Outcome, View> | Failure>('act', { roundId, action });
      if (answer?.ok !== true) {
        if (answer?.code === 50009) toast(answer.message || t('actionInvalid'), 'error');
        else showError(answer);
        return null;
      }
      lastRoundId = answer.roundId;
      setBalance(toCentavos(answer.balance) - answer.win);
      return answer;
    } catch {
      toast(t('network'), 'error');
      return null;
    } finally {
      acting = false;
    }
  }

  /* ---------- shared tables: rounds on the server clock for every player ---------- */

  const titleInfo: TitleInfo = gameData.titleInfo || { key: '', name: data.title, theme: '', art: '', shared: false };
  const family = gameData.family || data.game;
  /** The table's draws from the server, oldest first (POST history): the roads and last results. */
  let tableDraws: readonly TableDraw[] = [];
  const historyListeners: ((draws: readonly TableDraw[]) => void)[] = [];
  /**
   * A drawn round in the player's language, from its facts (the server's line is English): the status
   * answer's `last` carries them, so the banner tells a new draw at once, before the history reloads; a
   * `last` without facts (the fairness sheet's) is told from the table's history, '' until it has it.
   */
  const lastText = (last: { round: number; result: string; facts?: unknown } | null | undefined) => {
    if (!last) return '';
    const draw =
      last.facts && typeof last.facts === 'object'
        ? { result: last.result, facts: last.facts }
        : tableDraws.find((d) => d.round === last.round);
    return draw ? drawText(family, draw) : '';
  };
  if (titleInfo.shared) {
    const banner = el('div', { class: 'g-table-banner', role: 'status', 'aria-live': 'polite' });
    const live = liveTable(family);
    root.insertBefore(banner, stage);
    root.insertBefore(live.node, stage);
    let pending = false;
    let lastSeen: number | null = null;
    async function loadHistory() {
      try {
        const answer = await api<{ ok: boolean; draws: TableDraw[] }>('history');
        if (answer?.ok) {
          tableDraws = answer.draws;
          live.paint(tableDraws);
          for (const listener of historyListeners) listener(tableDraws);
        }
      } catch {
        /* offline: the next draw asks again */
      }
    }
    async function poll() {
      if (ended || pending) return;
      pending = true;
      try {
        const status = await api<TableStatus>('table');
        if (status?.ok) {
          const seconds = Math.ceil(status.closesInMs / 1000);
          banner.classList.toggle('is-closed', !status.open);
          const shares = status.open && status.bets > 0 ? Object.entries(status.shares || {}) : [];
          fill(
            banner,
            el('strong', { text: t('tableRound', { n: status.round }) }),
            el('span', { text: status.open ? t('tableOpen', { seconds }) : t('tableClosed') }),
            status.bets > 0
              ? el('span', {
                  class: 'g-muted',
                  text: t('tableBets', { count: status.bets, total: money(status.staked) }),
                })
              : null,
            shares.length
              ? el(
                  'span',
                  { class: 'g-table-shares', 'aria-label': t('tableShares') },
                  ...shares.map(([side, pct]) =>
                    el(
                      'span',
                      { class: `g-share g-share-${side}` },
                      `${sideName(side)} `,
                      el('b', { text: `${pct}%` }),
                      el('i', { style: `width:${pct}%` }),
                    ),
                  ),
                )
              : null,
            lastText(status.last) ? el('span', { class: 'g-muted', text: lastText(status.last) }) : null,
          );
          live.dealer.classList.toggle('is-drawing', !status.open);
          const drawn = status.last?.round ?? null;
          if (drawn !== lastSeen) {
            lastSeen = drawn;
            loadHistory();
          }
        } else if (isSessionEnded(status)) endSession();
      } catch {
        /* offline: the next poll tries again */
      } finally {
        pending = false;
      }
    }
    poll();
    setInterval(poll, 1000);
  }

  /* ---------- provably fair ---------- */

  let seeds: Seeds | null = gameData.seeds || null;
  let lastRoundId = '';
  const verifyUrl = (roundId?: string) => `/provider/verify${roundId ? `?roundId=${encodeURIComponent(roundId)}` : ''}`;

  function seedRow(label: string, value: unknown) {
    return el(
      'div',
      { class: 'g-seed' },
      el('dt', { text: label }),
      el('dd', { class: 'g-mono', text: String(value) }),
    );
  }

  /** A new random client seed to offer (the player may type their own). */
  function randomClientSeed() {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  /** A revealed seed pair (the player's last, or a table's last draw): what recomputes its rounds. */
  function revealedPair(pair: RevealedPair) {
    return el(
      'dl',
      {},
      seedRow(t('serverSeed'), pair.serverSeed),
      seedRow(t('revealedHash'), pair.serverSeedHash),
      seedRow(t('clientSeed'), pair.clientSeed),
      seedRow(t('nonce'), pair.nonce),
    );
  }

  function verifyLink() {
    return el('a', {
      class: 'g-link',
      href: `${verifyUrl(lastRoundId)}${lastRoundId ? '&' : '?'}lang=${data.language}`,
      target: '_blank',
      rel: 'noopener',
      text: t('verify'),
    });
  }

  /**
   * The fairness panel, as Stake-class sites show it: the active pair (its server seed hashed), the next
   * server seed's hash committed before the player types a new client seed, the rotation (refused by the
   * server while a round on the pair is open, on any tab), and the last revealed pair. A shared table
   * shows the dealer's seeds of its rounds instead: players have no pair of their own there.
   */
  function fairPanel() {
    const panel = el('div', { class: 'g-fair-panel' });
    let newSeed = randomClientSeed();
    function paintTable(table: Seeds['table']) {
      const last = table?.last;
      fill(
        panel,
        el('p', { text: t('tableSeeds') }),
        el('p', { class: 'g-muted', text: t('tableRound', { n: table?.round ?? '—' }) }),
        el('dl', {}, seedRow(t('tableSeedHash'), table?.serverSeedHash || '—')),
        el('h3', { text: t('previousSeeds') }),
        last
          ? [
              el('p', {
                class: 'g-muted',
                text: t('tableLast', { n: last.round, result: lastText(last) || last.result }),
              }),
              revealedPair(last),
            ]
          : el('p', { class: 'g-muted', text: t('tableNoDraw') }),
        lastRoundId ? el('p', { class: 'g-muted g-mono', text: t('lastRound', { id: lastRoundId }) }) : null,
        verifyLink(),
      );
    }
    function paint() {
      // A shared crash round draws from the round's seeds too (crash-room.ts), as a shared table does.
      if (titleInfo.shared || data.game === 'crash') return paintTable(seeds?.table);
      const input: HTMLInputElement = el('input', {
        class: 'g-mono',
        value: newSeed,
        maxlength: '64',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-label': t('newClientSeed'),
        oninput: () => {
          newSeed = input.value;
        },
      });
      const form = el(
        'form',
        {
          class: 'g-seed-form',
          onsubmit: async (event: Event) => {
            event.preventDefault();
            const clientSeed = input.value.trim();
            if (!/^[A-Za-z0-9_.-]{1,64}$/.test(clientSeed)) return toast(t('clientSeedInvalid'), 'error');
            if (locked) return toast(t('seedsInUse'), 'error');
            const answer = await api<(Seeds & { ok: true }) | Failure>('seeds/rotate', { clientSeed });
            if (answer?.ok !== true) return showError(answer);
            seeds = answer;
            newSeed = randomClientSeed();
            toast(t('rotated'));
            paint();
          },
        },
        el('dl', {}, seedRow(t('nextServerSeedHash'), seeds?.nextServerSeedHash || '—')),
        el('label', {}, el('span', { text: t('newClientSeed') }), input),
        el('p', { class: 'g-muted', text: t('rotateHelp') }),
        el('button', { type: 'submit', class: 'g-btn g-btn-secondary', text: t('rotate') }),
      );
      const previous = seeds?.previous;
      fill(
        panel,
        el('p', { text: t('fairIntro') }),
        el(
          'dl',
          {},
          seedRow(t('serverSeedHash'), seeds?.serverSeedHash || '—'),
          seedRow(t('clientSeed'), seeds?.clientSeed || '—'),
          seedRow(t('nonce'), seeds?.nonce ?? 0),
        ),
        seeds?.roundOpen || locked ? el('p', { class: 'g-note', role: 'note', text: t('roundOpenNote') }) : null,
        form,
        el('h3', { text: t('previousSeeds') }),
        previous ? revealedPair(previous) : el('p', { class: 'g-muted', text: t('noPrevious') }),
        lastRoundId ? el('p', { class: 'g-muted g-mono', text: t('lastRound', { id: lastRoundId }) }) : null,
        verifyLink(),
      );
    }
    paint();
    // Fresh numbers (the nonce moved with each round; a table moved to its next round).
    api<(Seeds & { ok: true }) | Failure>('seeds').then((answer) => {
      if (answer?.ok) {
        seeds = answer;
        paint();
      } else if (isSessionEnded(answer)) endSession();
    });
    return panel;
  }

  function openFairness() {
    openSheet(t('fairness'), fairPanel());
  }

  const kit: GameKit = {
    data,
    vi,
    t,
    addStrings,
    money,
    toCentavos,
    el,
    fill,
    wait,
    ms,
    reducedMotion,
    store,
    sound,
    toast,
    openSheet,
    stakeStepper,
    rollUp,
    play,
    act,
    finishRound,
    /** POST /provider/api/<session>/<path> for a family's own calls (crash's round, fishing's pond): the parsed answer. */
    api,
    /** The engine family drawing this page (its script is assets/<family>.js) and its kind. */
    family: gameData.family || data.game,
    kind: gameData.kind || 'oneShot',
    /** The family's rules for this title: the very object the server pays from. */
    rules: gameData.rules ?? null,
    /** The written return to player, 0..1. */
    rtp: gameData.rtp ?? null,
    /** { key, name, theme, art, shared } */
    titleInfo,
    /** A shared table's draws from the server, oldest first; listener(draws) after each draw. */
    get tableDraws() {
      return tableDraws;
    },
    onTableHistory(listener: (draws: readonly TableDraw[]) => void) {
      historyListeners.push(listener);
    },
    fairPanel,
    openFairness,
    verifyUrl,
    refreshBalance,
    endSession,
    stage,
    MIN_STAKE,
    MAX_STAKE,
    get balance() {
      return balance;
    },
    get busy() {
      return locked;
    },
    get ended() {
      return ended;
    },
    /** listener(disabled) whenever the round lock or the session state changes. */
    onLock(listener: (disabled: boolean) => void) {
      lockListeners.push(listener);
    },
    onBalance(listener: (centavos: number) => void) {
      balanceListeners.push(listener);
    },
    /** What the header's info button opens. */
    setInfo(handler: () => void) {
      infoHandler = handler;
    },
  };
  return kit;
}

export const Game: GameKit | undefined = root ? createKit(root) : undefined;
