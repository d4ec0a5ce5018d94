import { randomBytes, randomUUID } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import { formatCentavos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Broker } from '../../plugins/broker';
import { createCrashRoom, isCrashRoom } from './crash-room';
import { fairRng, hashSeed, newServerSeed } from './games/fair';
import { type Engine, GameRuleError, type OneShotEngine, type RoundResult, type SteppedEngine } from './games/kinds';
import { MAX_STAKE, MIN_STAKE } from './games/stake';
import { createPond } from './pond';
import { createProviderRepo, type ProviderRound, type TableDrawRow } from './repo';
import { CLIENT_SEED, createSeedBook, SeedsInUse } from './seeds';
import { createSessionBook, isSession, type ProviderSession } from './sessions';
import { createStudio, type Studio, type StudioTitle } from './studio';
import { holdsNothing, rollBackInTransit, type WalletClient } from './wallet-client';

const wire = (centavos: number) => formatCentavos(centavos).replaceAll(',', '');

/** A stepped round the player leaves untouched this long is finished by its engine's finishing action. */
export const OPEN_ROUND_IDLE_MS = 10 * 60_000;
/** A shared table's cycle on the server clock: bets open for TABLE_BET_MS, then the draw and its show. */
export const TABLE_BET_MS = 15_000;
export const TABLE_CYCLE_MS = 20_000;
/** The drawn cycles a table keeps (those with bets stay longer: they verify rounds), and the most a catch-up draws. */
export const TABLE_HISTORY = 200;
/** How long a process keeps a table cycle's bet statistics before reading every process's bets again. */
export const TABLE_STATS_MS = 1_000;

/** A table cycle's number on the server clock, and the last cycle whose bets have closed (drawn or due). */
const cycleAt = (ms: number) => Math.floor(ms / TABLE_CYCLE_MS);
const dueAt = (ms: number) => Math.floor((ms - TABLE_BET_MS) / TABLE_CYCLE_MS);

/**
 * The main sides of a family's table whose share of the cycle's stake the page shows during betting (the
 * bet statistics); a family not listed shows every bet that has chips on it.
 */
const MAIN_SIDES: Record<string, readonly string[]> = {
  baccarat: ['player', 'banker', 'tie'],
  dragonTiger: ['dragon', 'tiger', 'tie'],
  roulette: ['red', 'black'],
  sicBo: ['small', 'big'],
};

/** A drawn cycle as every player may see it: the draw, the facts the page shows, the revealed seeds. */
export interface TableDraw {
  round: number;
  result: string;
  facts: unknown;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  drawnAt: string;
}

const drawOfRow = (row: TableDrawRow): TableDraw => ({
  round: Number(row.n),
  result: row.draw ?? '',
  facts: row.facts ? (JSON.parse(row.facts) as unknown) : null,
  serverSeed: row.server_seed,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
  drawnAt: row.drawn_at ?? '',
});

interface TableRound {
  title: string;
  n: number;
  closesAt: number;
  seed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  bets: {
    roundId: string;
    stake: number;
    resolve: (answer: PlayResult) => void;
    promise: Promise<PlayResult>;
  }[];
  /**
   * The players holding a position on this round: one bet each, so the stake limit, the maximum win and
   * the net risk of hedged chips (red in one bet, black in another) hold per player per draw.
   */
  players: Set<number>;
}

export type { ProviderSession } from './sessions';

export type PlayResult =
  | {
      ok: true;
      roundId: string;
      stake: number;
      win: number;
      balance: number;
      result: string;
      outcome: unknown;
      /** One-shot rounds are done at once; a stepped round is done once settled. */
      done: boolean;
      /** A stepped round's visible state (also sent once done, for the last picture). */
      view?: unknown;
    }
  | { ok: false; code: number; message: string; balance?: number };

type Failure = Extract<PlayResult, { ok: false }>;

/** What recomputes a round: the title, the seeds and nonce, the page's parameters and the actions. */
export interface RoundInputs {
  title: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
  actions: unknown[];
}

const fail = (code: number, message: string): Failure => ({ ok: false, code, message });

/**
 * What the round counts toward the player's wagering and rewards (centavos): its net risk, the stake less
 * what hedged bets in it cover (docs/games.md, "Risk review"). The wallet is told with the bet.
 */
function turnoverOf(engine: Engine, params: unknown, stake: number) {
  const turnover = engine.turnoverOf ? engine.turnoverOf(params) : stake;
  return Math.max(0, Math.min(stake, turnover));
}

/** Starts a stepped round from its seeds and applies its recorded actions (each parsed as the page sent it). */
export function replaySteps(
  engine: SteppedEngine,
  rng: ReturnType<typeof fairRng>,
  params: unknown,
  actions: unknown[],
) {
  let state = engine.start(rng, params);
  for (const action of actions) state = engine.act(state, engine.action.parse(action));
  return state;
}

/**
 * The demo provider's game server. A round draws from the player's provably fair seeds, is written to the
 * provider's own book, then bet and settled through the casino's seamless wallet. One-shot rounds settle at
 * once; stepped rounds bet at start, take actions (`act`), and settle when their engine says done. A round
 * interrupted between the wallet calls, or a stepped round left open, is finished by `recover`.
 */
export function createProviderEngine(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletClient;
  studio?: Studio;
  /** Tells the other processes of a session the casino ended (app.cluster.broker); none: one process. */
  broker?: Pick<Broker, 'publish' | 'subscribe'>;
}) {
  const { db, clock, wallet } = deps;
  const studio = deps.studio ?? createStudio();
  const seeds = createSeedBook(db, clock);
  const repo = createProviderRepo(db);
  // The page sessions, in provider_sessions (any process answers a page another opened; sessions.ts).
  const sessions = createSessionBook({ repo, studio, clock, broker: deps.broker });
  const pond = createPond({ db, clock });
  // Crash titles fly one shared round per cycle (crash-room.ts); the engine only routes to it.
  const crash = createCrashRoom({ db, clock, wallet, studio, sessions });

  const mark = (roundId: string, state: ProviderRound['state']) => repo.setRoundState(roundId, state, clock.iso());
  const round = (roundId: string) => repo.round(roundId);

  /**
   * The open table rounds of this process by `title#n`: a cycle's seed (taken from its row) and the bets
   * placed on it here, until the cycle is drawn and they are paid.
   */
  const tables = new Map<string, TableRound>();
  const keyOf = (title: string, n: number) => `${title}#${n}`;
  /** The shared titles read in this process: the dealer's timer draws them every cycle, the others lazily. */
  const watched = new Set<string>();
  /** Per title, the last cycle this process knows drawn (saves the database a read per poll). */
  const drawnTo = new Map<string, number>();
  /** Per title, the last drawn cycle as read from the table's history (dropped at each new draw). */
  const lastDraws = new Map<string, TableDraw | null>();
  /**
   * Per open cycle, its bet statistics as last read (every player's page polls them each second): read
   * again after TABLE_STATS_MS, or at once after a bet in this process. Another process's bet shows within it.
   */
  const tableStats = new Map<
    string,
    { at: number; stats: { bets: number; staked: number; shares: Record<string, number> } }
  >();

  /**
   * Each table's turns, one at a time: the opening of a round and the draw of the last one both read and
   * write the cycle rows across awaits. So two requests at the turn of a cycle never open two rounds.
   */
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (turns.get(key) ?? Promise.resolve()).then(work);
    const ended = run.catch(() => undefined);
    turns.set(key, ended);
    void ended.then(() => {
      if (turns.get(key) === ended) turns.delete(key);
    });
    return run;
  }

  /**
   * A cycle's row, written insert-or-ignore with a fresh server seed the first time any process needs it,
   * then read back: whichever process wrote it, every process takes the same seed from the row.
   */
  async function cycleRow(title: string, n: number): Promise<TableDrawRow> {
    const found = await repo.cycle(title, n);
    if (found) return found;
    const serverSeed = newServerSeed();
    await repo.openCycle({
      title,
      n,
      serverSeed,
      serverSeedHash: hashSeed(serverSeed),
      // The table's client seed is its title, the nonce its cycle number (docs/provably-fair.md).
      clientSeed: title,
      nonce: n,
      now: clock.iso(),
    });
    return (await repo.cycle(title, n)) as TableDrawRow;
  }

  /** The table's current round on the server clock, its seed committed in its cycle's row when it opens. */
  function tableRound(title: StudioTitle): Promise<TableRound> {
    watched.add(title.key);
    const n = cycleAt(clock.nowMs());
    const current = tables.get(keyOf(title.key, n));
    if (current) return Promise.resolve(current);
    return inTurn(title.key, async () => {
      const again = tables.get(keyOf(title.key, n));
      if (again) return again;
      const row = await cycleRow(title.key, n);
      const fresh: TableRound = {
        title: title.key,
        n,
        closesAt: n * TABLE_CYCLE_MS + TABLE_BET_MS,
        seed: {
          serverSeed: row.server_seed,
          serverSeedHash: row.server_seed_hash,
          clientSeed: row.client_seed,
          nonce: Number(row.nonce),
        },
        bets: [],
        players: new Set(),
      };
      tables.set(keyOf(title.key, n), fresh);
      return fresh;
    });
  }

  /** What a cycle drew, played with the engine's default bet (the draw never depends on the bets). */
  function drawOf(engine: OneShotEngine, row: TableDrawRow) {
    const rng = fairRng(row.server_seed, row.client_seed, Number(row.nonce));
    const played = engine.play(rng, engine.defaultBet ?? {});
    const { returns: _returns, ...facts } = (played.outcome ?? {}) as Record<string, unknown>;
    return { draw: played.draw ?? played.result, facts: JSON.stringify(facts) };
  }

  /**
   * Draws every cycle of the table whose bets have closed and that is not drawn yet: the ones since its last
   * draw (at most TABLE_HISTORY of them, when nobody read the table for a while), and any this process holds
   * bets on. A table no process ever opened a cycle of starts with its first cycle. Then pays this process's
   * bets on them. Any process may run it: the draw is written once (conditional on the row not drawn), from
   * the row's seed, so two processes never draw a cycle twice or differently.
   */
  async function drawDue(title: StudioTitle) {
    const engine = title.engine;
    if (!title.shared || engine.kind !== 'oneShot') return;
    const due = dueAt(clock.nowMs());
    const holding = [...tables.values()].some((t) => t.title === title.key && t.n <= due);
    if (!holding && (drawnTo.get(title.key) ?? Number.NEGATIVE_INFINITY) >= due) return;
    const paying = await inTurn(title.key, async () => {
      const cycles = new Set<number>();
      const last = await repo.lastDrawn(title.key);
      const start = last !== undefined ? last + 1 : await repo.firstOpen(title.key);
      if (start !== undefined) for (let m = Math.max(start, due - TABLE_HISTORY + 1); m <= due; m++) cycles.add(m);
      for (const t of tables.values()) if (t.title === title.key && t.n <= due) cycles.add(t.n);
      for (const n of [...cycles].sort((a, b) => a - b)) {
        const row = await cycleRow(title.key, n);
        if (!row.drawn_at) await repo.drawCycle({ title: title.key, n, ...drawOf(engine, row), now: clock.iso() });
      }
      if (cycles.size > 0) await repo.pruneCycles(title.key, due - TABLE_HISTORY + 1);
      drawnTo.set(title.key, Math.max(due, drawnTo.get(title.key) ?? due));
      lastDraws.delete(title.key);
      // Out of the map at once: a bet still on its way to the wallet finds its round gone (play).
      const drawn = [...tables.values()].filter((t) => t.title === title.key && t.n <= due);
      for (const t of drawn) {
        tables.delete(keyOf(t.title, t.n));
        tableStats.delete(keyOf(t.title, t.n));
      }
      return drawn;
    });
    for (const table of paying) await payTable(engine, table);
  }

  /** Pays a drawn cycle's bets placed in this process, each from the cycle's seed (as the draw was made). */
  async function payTable(engine: OneShotEngine, table: TableRound) {
    for (const bet of table.bets) {
      const r = await round(bet.roundId);
      if (!r) continue;
      const rng = fairRng(table.seed.serverSeed, table.seed.clientSeed, table.seed.nonce);
      const settled = engine.play(rng, JSON.parse(r.params));
      if (!(await saveSteps(r, [], settled))) {
        // Recovery (another process's, or this one's after a pause) settled it first.
        bet.resolve(fail(Code.ROUND_SETTLED, 'This round was settled meanwhile: see your game records.'));
        continue;
      }
      const won = await settle({ ...r, win: settled.win, result: settled.result });
      bet.resolve(
        won.success
          ? {
              ok: true,
              roundId: r.round_id,
              stake: r.bet,
              win: settled.win,
              balance: won.data.balance,
              result: settled.result,
              outcome: settled.outcome,
              done: true,
            }
          : fail(won.code, won.msg),
      );
    }
  }

  /** Draws the tables read in this process whose bets closed, and commits their current cycle (the dealer's timer). */
  async function drawTables() {
    for (const key of watched) {
      const title = studio.title(key);
      if (!title) continue;
      await drawDue(title);
      await tableRound(title);
    }
  }

  /** The table's last drawn cycle (null before its first draw). */
  async function lastDraw(title: StudioTitle) {
    const cached = lastDraws.get(title.key);
    if (cached !== undefined) return cached;
    const [row] = await repo.history(title.key, 1);
    const last = row ? drawOfRow(row) : null;
    lastDraws.set(title.key, last);
    return last;
  }

  /** A shared table's seeds for its fairness sheet: the open round's commitment and the last revealed draw. */
  async function tableSeeds(title: StudioTitle) {
    await drawDue(title);
    const table = await tableRound(title);
    return {
      round: table.n,
      serverSeedHash: table.seed.serverSeedHash,
      clientSeed: table.seed.clientSeed,
      nonce: table.seed.nonce,
      last: await lastDraw(title),
    };
  }

  /**
   * What the other players see of a table round's bets: how many and how much in all, and the share of the
   * stake on each main side in whole percent; never whose, never one player's amount.
   */
  async function tableBets(table: TableRound, family: string) {
    const key = keyOf(table.title, table.n);
    const kept = tableStats.get(key);
    if (kept && performance.now() - kept.at < TABLE_STATS_MS) return kept.stats;
    // Every process's bets of the cycle (a cluster shares the table): the seats whose bets the wallet took.
    const rows = await repo.cycleStakes(table.title, table.n);
    let staked = 0;
    const sums: Record<string, number> = {};
    for (const row of rows) {
      staked += Number(row.bet);
      const chips = (JSON.parse(row.params) as { bets?: Record<string, number> }).bets ?? {};
      for (const [side, amount] of Object.entries(chips)) sums[side] = (sums[side] ?? 0) + amount;
    }
    const sides = MAIN_SIDES[family] ?? Object.keys(sums).sort();
    const onSides = sides.reduce((sum, side) => sum + (sums[side] ?? 0), 0);
    const shares: Record<string, number> = {};
    for (const side of sides) shares[side] = onSides > 0 ? Math.round((100 * (sums[side] ?? 0)) / onSides) : 0;
    const stats = { bets: rows.length, staked, shares };
    tableStats.set(key, { at: performance.now(), stats });
    return stats;
  }

  async function settle(r: Pick<ProviderRound, 'round_id' | 'win_transaction_id' | 'win' | 'result'>) {
    const answer = await wallet.win({
      transactionId: r.win_transaction_id,
      roundId: r.round_id,
      amount: wire(r.win),
      result: r.result,
    });
    if (answer.success || answer.code === Code.ROUND_SETTLED) await mark(r.round_id, 'settled');
    return answer;
  }

  /** A stepped round's new actions (and its result once done), as its conditional write takes them. */
  const stepsOf = (r: ProviderRound, actions: unknown[], settled: RoundResult | null) => ({
    roundId: r.round_id,
    before: r.actions,
    actions: JSON.stringify(actions),
    done: settled ? 1 : 0,
    win: settled?.win ?? 0,
    result: settled?.result ?? '',
    outcome: JSON.stringify(settled?.outcome ?? null),
    now: clock.iso(),
  });

  /** Writes a stepped round's new actions (and its result once done); false when another call got there first. */
  async function saveSteps(r: ProviderRound, actions: unknown[], settled: RoundResult | null) {
    return repo.saveSteps(stepsOf(r, actions, settled));
  }

  async function steppedOf(r: ProviderRound): Promise<{ engine: SteppedEngine; state: unknown } | undefined> {
    const engine = studio.title(r.title)?.engine;
    const serverSeed = r.server_seed_hash ? await seeds.secret(r.server_seed_hash) : undefined;
    if (engine?.kind !== 'stepped' || serverSeed === undefined) return undefined;
    const rng = fairRng(serverSeed, r.client_seed ?? '', r.nonce ?? 0);
    return { engine, state: replaySteps(engine, rng, JSON.parse(r.params), JSON.parse(r.actions) as unknown[]) };
  }

  /** Plays a round from its inputs alone (the verify endpoint): undefined when the title is unknown. */
  function recompute(inputs: RoundInputs) {
    const title = studio.title(inputs.title);
    if (!title) return undefined;
    const engine: Engine = title.engine;
    const params = engine.params.parse(inputs.params);
    const rng = fairRng(inputs.serverSeed, inputs.clientSeed, inputs.nonce);
    if (engine.kind === 'oneShot') return { title, done: true, round: engine.play(rng, params) as RoundResult };
    const state = replaySteps(engine, rng, params, inputs.actions);
    const done = engine.done(state);
    return { title, done, round: done ? engine.settle(state) : null, view: engine.view(state) };
  }

  return {
    sessions,
    studio,
    seeds,
    pond,
    recompute,
    crash,

    /** Exchanges a launch token with the casino and opens a provider session; its id goes to the page. */
    async open(launchToken: string, key: string) {
      const title = studio.title(key);
      if (!title) return { ok: false as const, code: Code.GAME_NOT_PLAYABLE, message: 'This game is not available.' };
      const answer = await wallet.authenticate(launchToken);
      if (!answer.success) return { ok: false as const, code: answer.code, message: answer.msg };
      if (answer.data.gameCode !== key)
        return { ok: false as const, code: Code.GAME_TOKEN_INVALID, message: 'Wrong game' };
      const session: Omit<ProviderSession, 'id'> = {
        sessionToken: answer.data.sessionToken,
        title,
        playerId: answer.data.playerId,
        language: answer.data.language,
        nickname: answer.data.nickname,
      };
      const id = await sessions.open(session);
      return {
        ok: true as const,
        id,
        title,
        balance: answer.data.balance,
        nickname: answer.data.nickname,
        language: answer.data.language,
        // A shared table's rounds never use the player's pair: its sheet asks for the table's seeds.
        seeds: title.shared || isCrashRoom(title) ? null : await seeds.summary(session.playerId, key),
      };
    },

    async balance(sessionId: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      const answer = await wallet.balance(session.sessionToken);
      if (!answer.success) await sessions.endedBy(session, answer.code);
      return answer.success
        ? { ok: true as const, balance: answer.data.balance }
        : { ok: false as const, code: answer.code, message: answer.msg };
    },

    /** The player's seed pair for this title: the next server seed's hash, the client seed, the nonce. */
    async seedsOf(sessionId: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (session.title.shared) return { ok: true as const, table: await tableSeeds(session.title) };
      if (isCrashRoom(session.title)) return { ok: true as const, table: await crash.seeds(session.title) };
      return { ok: true as const, ...(await seeds.summary(session.playerId, session.title.key)) };
    },

    /** Reveals the server seed in use and commits to a new one, with a new client seed when given. */
    async rotateSeeds(sessionId: string, clientSeed?: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (clientSeed !== undefined && !CLIENT_SEED.test(clientSeed))
        return fail(Code.BET_INVALID, 'A client seed is 1 to 64 letters, digits, dots, dashes or underscores.');
      if (session.title.shared || isCrashRoom(session.title))
        return fail(Code.SEEDS_IN_USE, 'A shared table draws from its own seeds, changed by the dealer every round.');
      try {
        await seeds.rotate(session.playerId, session.title.key, clientSeed);
      } catch (error) {
        if (error instanceof SeedsInUse)
          return fail(Code.SEEDS_IN_USE, 'A round on these seeds is still open. Finish it, then change seeds.');
        throw error;
      }
      return { ok: true as const, ...(await seeds.summary(session.playerId, session.title.key)) };
    },

    async play(sessionId: string, params: unknown): Promise<PlayResult> {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (isCrashRoom(session.title)) return crash.bet(session, params);
      // A fishing shot is checked against the shared pond first (pond.ts): its fish, level, shot id, and one
      // shot in flight per player.
      if (session.title.family === 'fishing') return pond.shoot(session, params, (shot) => playRound(session, shot));
      return playRound(session, params);
    },

    /** The shared fishing pond of the session's title, with the other players' seats (the page polls it). */
    async pondStatus(sessionId: string, body: unknown) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (session.title.family !== 'fishing') return fail(Code.GAME_NOT_PLAYABLE, 'Not a fishing game.');
      return pond.status(session, body);
    },

    /**
     * One action on the player's open stepped round; an illegal one answers GAME_ACTION_INVALID and changes
     * nothing. An action that takes a further stake (blackjack's double, split, insurance) takes it through
     * the wallet first: refused (too little balance, a break), the round stays as it was.
     */
    act(sessionId: string, roundId: string, action: unknown): Promise<PlayResult> {
      // One action of a round at a time in this process (two tabs, a double click); across processes the
      // conditional writes decide (saveSteps, claimRaise).
      return inTurn(`act:${roundId}`, () => applyAction(sessionId, roundId, action));
    },

    /** A shared table's state for the page's countdown: the round, seconds to the close, the committed hash. */
    async tableStatus(sessionId: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (!session.title.shared) return fail(Code.GAME_NOT_PLAYABLE, 'Not a shared table.');
      // Polled every second: a cycle whose bets closed is drawn here if the dealer's timer has not yet.
      await drawDue(session.title);
      const table = await tableRound(session.title);
      const now = clock.nowMs();
      return {
        ok: true as const,
        round: table.n,
        open: now < table.closesAt,
        closesInMs: Math.max(0, table.closesAt - now),
        nextInMs: Math.max(0, (table.n + 1) * TABLE_CYCLE_MS - now),
        serverSeedHash: table.seed.serverSeedHash,
        last: await lastDraw(session.title),
        ...(await tableBets(table, session.title.family)),
      };
    },

    /**
     * A shared table's history from the server, oldest first: its last `TABLE_HISTORY` drawn cycles (what
     * was drawn, the facts the page draws its roads from, the revealed seeds). A cycle is in it only once
     * drawn, after its bets closed; never the open one.
     */
    async tableHistory(sessionId: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (!session.title.shared) return fail(Code.GAME_NOT_PLAYABLE, 'Not a shared table.');
      await drawDue(session.title);
      const rows = await repo.history(session.title.key, TABLE_HISTORY);
      return { ok: true as const, draws: rows.reverse().map(drawOfRow) };
    },

    /**
     * Draws every shared table read in this process whose bets have closed (one result for all its players,
     * each paid for their bet) and commits the next cycle's seed: every cycle is drawn, with or without bets.
     */
    drawTables,

    /**
     * Finishes rounds a crash interrupted or a player left: a bet that may not have reached the wallet is
     * rolled back (an unknown bet just voids the round); a placed bet is settled with its recorded result;
     * a stepped round left open `openIdleMs` is played out with its engine's finishing action, then settled.
     */
    async recover(olderThanMs = 0, openIdleMs = olderThanMs) {
      const now = clock.nowMs();
      const rounds = await repo.unfinished(
        new Date(now - olderThanMs).toISOString(),
        new Date(now - openIdleMs).toISOString(),
      );
      for (const found of rounds) {
        let r = found;
        if (r.raise_pending) {
          // A raise a crash left on its way: its action was never written, so its stake goes back.
          // Until the casino confirms it, the round stays held (tried again on the next run).
          if (!(await undoRaise(r.raise_pending))) continue;
          await repo.releaseRaise(r.round_id, r.raise_pending);
          r = { ...r, raise_pending: null };
        }
        if (r.state === 'bet_placed' && !r.done && !studio.title(r.title)) {
          // An open round of a title the catalog no longer has (3f595a5 removed 75): no engine can play it
          // out, so its stakes go back rather than stay taken with no way to settle them.
          await voidRound(r);
          continue;
        }
        if (r.state === 'bet_placed' && !r.done && dealtUnderOtherRules(r)) {
          // Dealt by an engine that took another stake for the same inputs (Caribbean Stud and Casino Hold'em
          // reserved the call at the deal before 8adf267): today's engine would settle it on stakes it did not
          // take (a fold keeping the reserved call), so the round is refunded whole.
          await voidRound(r);
          continue;
        }
        if (r.state === 'bet_placed' && !r.done && untouched(r)) {
          // Left before the first move of a game whose only exit then returns the stake: no risk was taken,
          // so the round is void (the bet rolled back, its turnover with it), never cashed out at 1.00x.
          await voidRound(r);
          continue;
        }
        if (r.state === 'bet_placed' && !r.done) {
          const finished = await finishOpen(r);
          if (finished) await settle({ ...r, ...finished });
          continue;
        }
        if (r.state === 'bet_placed') {
          await settle(r);
          continue;
        }
        await voidRound(r);
      }
      return rounds.length;
    },
  };

  /** One round at the title's engine (a fishing shot gets here once the pond accepted it). */
  async function playRound(session: ProviderSession, params: unknown): Promise<PlayResult> {
    const { title } = session;
    const engine: Engine = title.engine;
    const parsed = engine.params.safeParse(params);
    const stake = parsed.success ? engine.stakeOf(parsed.data) : 0;
    if (!parsed.success || !Number.isInteger(stake) || stake < MIN_STAKE || stake > MAX_STAKE)
      return fail(Code.BET_INVALID, 'This bet is not allowed (1 to 5,000 per round).');

    // The nonce is taken and the round written in one transaction: a rotation on another tab or process
    // sees the round as soon as its nonce is taken.
    const table = title.shared && engine.kind === 'oneShot' ? await tableRound(title) : undefined;
    if (table && clock.nowMs() >= table.closesAt)
      return fail(Code.BET_INVALID, 'Bets are closed: wait for the next round.');
    if (table?.players.has(session.playerId))
      return fail(Code.BET_INVALID, 'You already have a bet on this round: wait for the draw.');
    // Held from here, before the wallet's await, so a second tab cannot slip a second bet in meanwhile.
    table?.players.add(session.playerId);
    const roundId = `${title.family}-${randomUUID()}`;
    const betTx = `${roundId}-bet`;
    const winTx = `${roundId}-win`;
    const written = await db.transaction(async () => {
      // A table bet marks its cycle's row in its own transaction: refused once the cycle is drawn (by any
      // process), so no bet lands on a draw already written and its seed already public.
      if (table && !(await repo.betOnCycle(title.key, table.n))) return 'closed' as const;
      // One bet per player per cycle on every process (the in-memory set above is this process's only).
      if (table && !(await repo.takeSeat({ title: title.key, n: table.n, playerId: session.playerId, roundId })))
        return 'seated' as const;
      const seed = table ? table.seed : await seeds.take(session.playerId, title.key);
      const rng = fairRng(seed.serverSeed, seed.clientSeed, seed.nonce);
      let settled: RoundResult | null;
      let view: unknown;
      // A table round is drawn for everyone when bets close (drawTables).
      if (table) settled = null;
      else if (engine.kind === 'oneShot') settled = engine.play(rng, parsed.data);
      else {
        const state = engine.start(rng, parsed.data);
        settled = engine.done(state) ? engine.settle(state) : null;
        view = engine.view(state);
      }
      await repo.insertRound({
        roundId,
        family: title.family,
        title: title.key,
        sessionToken: session.sessionToken,
        betTx,
        winTx,
        bet: stake,
        win: settled?.win ?? 0,
        outcome: JSON.stringify(settled?.outcome ?? null),
        result: settled?.result ?? '',
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
        params: JSON.stringify(parsed.data),
        done: settled ? 1 : 0,
        now: clock.iso(),
      });
      return { settled, view };
    })();
    if (written === 'closed' || written === 'seated') {
      table?.players.delete(session.playerId);
      return written === 'closed'
        ? fail(Code.BET_INVALID, 'Bets are closed: wait for the next round.')
        : fail(Code.BET_INVALID, 'You already have a bet on this round: wait for the draw.');
    }
    const { settled, view } = written;
    const bet = await wallet.bet({
      sessionToken: session.sessionToken,
      transactionId: betTx,
      roundId,
      amount: wire(stake),
      turnover: wire(turnoverOf(engine, parsed.data, stake)),
    });
    if (!bet.success) {
      await sessions.endedBy(session, bet.code);
      table?.players.delete(session.playerId);
      if (table) await repo.giveSeatBack({ title: title.key, n: table.n, playerId: session.playerId, roundId });
      // A refusal (balance, limits, an ended session) took nothing: the round is void. A bet lost in transit
      // may have been taken: its rollback goes at once, and one that cannot get through either leaves the
      // round `betting` for recover to roll back (the stake is never kept without a round).
      if (!bet.unknown || (await rollBackInTransit(wallet, roundId, betTx))) await mark(roundId, 'void');
      const balance = (bet.data as { balance?: number } | null)?.balance;
      return { ok: false, code: bet.code, message: bet.msg, ...(balance !== undefined ? { balance } : {}) };
    }
    await mark(roundId, 'bet_placed');
    if (table && tables.get(keyOf(table.title, table.n)) !== table) {
      // The round was drawn while this bet was on its way to the wallet: it had no part in the draw, so
      // it is rolled back rather than left open on a seed already public.
      const placed = await round(roundId);
      if (placed) await voidRound(placed);
      return fail(Code.BET_INVALID, 'Bets are closed: wait for the next round.');
    }
    if (table) {
      // Answered at the draw (a long poll): the page shows the countdown meanwhile.
      let resolve: (answer: PlayResult) => void = () => {};
      const promise = new Promise<PlayResult>((r) => {
        resolve = r;
      });
      table.bets.push({ roundId, stake, resolve, promise });
      tableStats.delete(keyOf(table.title, table.n));
      return promise;
    }
    const base = { ok: true as const, roundId, stake, ...(view !== undefined ? { view } : {}) };
    if (!settled) {
      return { ...base, win: 0, balance: bet.data.balance, result: '', outcome: null, done: false };
    }
    const won = await settle({
      round_id: roundId,
      win_transaction_id: winTx,
      win: settled.win,
      result: settled.result,
    });
    if (!won.success) return fail(won.code, won.msg);
    return {
      ...base,
      win: settled.win,
      balance: won.data.balance,
      result: settled.result,
      outcome: settled.outcome,
      done: true,
    };
  }

  async function applyAction(sessionId: string, roundId: string, action: unknown): Promise<PlayResult> {
    const session = await sessions.live(sessionId);
    if (!isSession(session)) return session;
    const r = await round(roundId);
    if (!r || r.session_token !== session.sessionToken || r.title !== session.title.key)
      return fail(Code.TRANSACTION_UNKNOWN, 'No such round.');
    if (r.done || r.state !== 'bet_placed') return fail(Code.ROUND_SETTLED, 'This round is already over.');
    const open = await steppedOf(r);
    if (!open) return fail(Code.GAME_ACTION_INVALID, 'This game takes no actions.');
    const { engine } = open;
    const parsed = engine.action.safeParse(action);
    if (!parsed.success) return fail(Code.GAME_ACTION_INVALID, 'This move is not one of the game’s moves.');
    // The casino's session must still be live (logout, suspension, a login elsewhere end it): an ended
    // one plays no further move; the round is finished for the player by recover, as an abandoned one.
    const live = await wallet.balance(session.sessionToken);
    if (!live.success) {
      await sessions.endedBy(session, live.code);
      return fail(live.code, live.msg);
    }
    let state: unknown;
    try {
      state = engine.act(open.state, parsed.data);
    } catch (error) {
      if (error instanceof GameRuleError) return fail(Code.GAME_ACTION_INVALID, error.message);
      throw error;
    }
    const previous = JSON.parse(r.actions) as unknown[];
    const actions = [...previous, parsed.data];
    const done = engine.done(state);
    const settled = done ? engine.settle(state) : null;
    const raised = engine.raiseOf?.(open.state, parsed.data) ?? 0;
    let balance = live.data.balance;
    if (raised > 0) {
      const taken = await takeRaise(session, r, actions, settled, raised, previous.length);
      if (!taken.ok) return taken;
      balance = taken.balance;
    } else if (!(await saveSteps(r, actions, settled)))
      return fail(Code.ROUND_SETTLED, 'This round moved on; try again.');
    const view = engine.view(state);
    const stake = r.bet + raised;
    if (!settled) {
      return { ok: true, roundId, stake, win: 0, balance, result: '', outcome: null, done: false, view };
    }
    const won = await settle({ ...r, win: settled.win, result: settled.result });
    if (!won.success) return fail(won.code, won.msg);
    return {
      ok: true,
      roundId,
      stake,
      win: settled.win,
      balance: won.data.balance,
      result: settled.result,
      outcome: settled.outcome,
      done: true,
      view,
    };
  }

  /**
   * Takes an action's further stake through the wallet, then writes the action: the round is claimed for
   * the raise first (one at a time, no other action meanwhile), so the stake is never kept for an action
   * that was not written, and no action is written without its stake. The round's total stake stays within
   * the stake limit (the maximum win and net risk are the round's, whatever it staked).
   */
  async function takeRaise(
    session: ProviderSession,
    r: ProviderRound,
    actions: unknown[],
    settled: RoundResult | null,
    raised: number,
    index: number,
  ): Promise<{ ok: true; balance: number } | Failure> {
    if (r.bet + raised > MAX_STAKE)
      return fail(Code.BET_INVALID, 'This would take the round’s stake above 5,000: hit or stand instead.');
    // A fresh id per attempt: a raise rolled back is never answered again as a replay to a later one.
    const raiseTx = `${r.round_id}-r${index}-${randomBytes(3).toString('hex')}`;
    if (!(await repo.claimRaise(r.round_id, r.actions, raiseTx, clock.iso())))
      return fail(Code.ROUND_SETTLED, 'This round moved on; try again.');
    const answer = await wallet.raise({
      sessionToken: session.sessionToken,
      transactionId: raiseTx,
      roundId: r.round_id,
      amount: wire(raised),
    });
    if (!answer.success) {
      await sessions.endedBy(session, answer.code);
      // Refused (or not known to have reached the wallet): whatever it may have taken goes back. A rollback
      // that cannot get through either keeps the round held for the raise (no move meanwhile), so no fold
      // settles it with the raise still taken: recover gives it back, then finishes the idle round.
      const refused = answer.code === Code.INSUFFICIENT_BALANCE || answer.code === Code.PLAY_PAUSED;
      if (refused || (await undoRaise(raiseTx))) await repo.releaseRaise(r.round_id, raiseTx);
      const balance = (answer.data as { balance?: number } | null)?.balance;
      const message =
        answer.code === Code.INSUFFICIENT_BALANCE
          ? 'Not enough balance for this move: the hand is as it was, you can still hit or stand.'
          : answer.msg;
      return { ok: false, code: answer.code, message, ...(balance !== undefined ? { balance } : {}) };
    }
    const written = await repo.saveRaisedSteps({ ...stepsOf(r, actions, settled), raiseTx, raised });
    if (!written) {
      // Finished meanwhile (recover): the stake goes back, the action was not applied.
      await undoRaise(raiseTx);
      await repo.releaseRaise(r.round_id, raiseTx);
      return fail(Code.ROUND_SETTLED, 'This round moved on; try again.');
    }
    return { ok: true, balance: answer.data.balance };
  }

  /**
   * Rolls back a raise whose action was not written (an unknown one took nothing): true when the casino now
   * holds none of it, false when the rollback did not get through (try again later).
   */
  async function undoRaise(raiseTx: string) {
    return holdsNothing(await wallet.rollback({ transactionId: `${raiseTx}-rb`, betTransactionId: raiseTx }));
  }

  /** Rolls a round's bet back through the wallet (an unknown bet just voids the round). */
  async function voidRound(r: ProviderRound) {
    const answer = await wallet.rollback({
      transactionId: `${r.round_id}-rb`,
      betTransactionId: r.bet_transaction_id,
    });
    if (holdsNothing(answer)) await mark(r.round_id, 'void');
    else if (answer.code === Code.ROUND_SETTLED) await mark(r.round_id, 'settled');
  }

  /**
   * An open round with no move yet whose stake is not what its title's engine takes for its inputs: dealt
   * under rules the engine no longer has (raises only come with moves, so before the first the stake is the
   * deal's own).
   */
  function dealtUnderOtherRules(r: ProviderRound) {
    const engine = studio.title(r.title)?.engine;
    if (engine?.kind !== 'stepped' || r.actions !== '[]') return false;
    // The inputs as recorded, as the replay reads them (steppedOf).
    return engine.stakeOf(JSON.parse(r.params)) !== r.bet;
  }

  /** An open stepped round of an engine that voids untouched rounds, with no move made yet. */
  function untouched(r: ProviderRound) {
    const engine = studio.title(r.title)?.engine;
    return engine?.kind === 'stepped' && engine.voidUntouched === true && r.actions === '[]';
  }

  /** Plays an abandoned stepped round to its end (finishing actions recorded like the player's). */
  async function finishOpen(r: ProviderRound): Promise<RoundResult | undefined> {
    const oneShot = studio.title(r.title)?.engine;
    if (oneShot?.kind === 'oneShot') {
      // A shared table's bet whose draw a restart interrupted: drawn now from its cycle's row, never before
      // the cycle's bets closed.
      const cycle = r.server_seed_hash ? await repo.cycleByHash(r.server_seed_hash) : undefined;
      if (cycle) {
        const title = studio.title(cycle.title);
        if (!title || clock.nowMs() < Number(cycle.n) * TABLE_CYCLE_MS + TABLE_BET_MS) return undefined;
        await drawDue(title);
        const rng = fairRng(cycle.server_seed, cycle.client_seed, Number(cycle.nonce));
        const settled = oneShot.play(rng, JSON.parse(r.params));
        return (await saveSteps(r, [], settled)) ? settled : undefined;
      }
      // A round of the dealer's seed pairs (before migration 0062).
      const serverSeed = r.server_seed_hash ? await seeds.secret(r.server_seed_hash) : undefined;
      if (serverSeed === undefined) return undefined;
      const settled = oneShot.play(fairRng(serverSeed, r.client_seed ?? '', r.nonce ?? 0), JSON.parse(r.params));
      await seeds.revealHash(r.server_seed_hash as string);
      return (await saveSteps(r, [], settled)) ? settled : undefined;
    }
    const open = await steppedOf(r);
    if (!open) return undefined;
    const { engine } = open;
    let state = open.state;
    const actions = JSON.parse(r.actions) as unknown[];
    for (let i = 0; i < 100 && engine.finishAction && !engine.done(state); i++) {
      const action = engine.finishAction(state);
      state = engine.act(state, action);
      actions.push(action);
    }
    const settled = engine.settle(state);
    return (await saveSteps(r, actions, settled)) ? settled : undefined;
  }
}

export type ProviderEngine = ReturnType<typeof createProviderEngine>;
