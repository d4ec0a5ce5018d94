import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { formatCentavos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { type CrashBetInRound, type CrashRoundRow, createCrashRepo } from './crash-repo';
import type { PlayResult } from './engine';
import type { CrashConfig } from './games/crash';
import { fairRng, hashSeed, newServerSeed } from './games/fair';
import type { OneShotEngine } from './games/kinds';
import { MAX_STAKE, MIN_STAKE, stakeSchema } from './games/stake';
import { createProviderRepo } from './repo';
import { isSession, type ProviderSession, type SessionBook } from './sessions';
import type { Studio, StudioTitle } from './studio';
import { rollBackInTransit, type WalletClient } from './wallet-client';

/*
 * Crash as one shared round per cycle for every player of a title (issue 28 item 2), on the server clock:
 *
 *   betting  CRASH_BET_MS from starts_at: bets (a stake, an optional auto cash-out) are taken
 *   flight   from flight_at the multiplier grows as m(t) = e^(k t), k = CRASH_GROWTH per ms (2x after 8.7 s,
 *            10x after 28.8 s, 100x after 57.6 s) until crash_at, when it reaches the round's point
 *   pause    CRASH_PAUSE_MS after crash_at, then round n + 1 opens (its starts_at = crash_at + pause)
 *
 * The point is drawn like the one-shot game's (games/crash.ts: P(point >= m) = rtp / m, capped at the title's
 * maxTarget, where the flight ends and every bet still in is paid at the cap), from the round's server seed,
 * the title key as client seed and n as nonce: its hash is shown from the betting phase, the seed once the
 * round crashed (GET /api/provider/verify recomputes any bet). Rounds live in provider_crash_rounds, written
 * insert-or-read on (title, n), so every process reads the same seed and times; nothing of the schedule is
 * kept in a process. The server decides every cash-out on its own clock at receipt: the page sends no
 * multiplier. Each bet settles once (a conditional write on the bet, with its provider round) and is paid
 * through the wallet's idempotent win.
 */
export const CRASH_BET_MS = 6_000;
export const CRASH_PAUSE_MS = 3_000;
/** k of m(t) = e^(k t), per millisecond: ln 2 / k = 8.66 s to 2x. */
export const CRASH_GROWTH = 0.00008;
/** The crash points the page shows as chips. */
export const CRASH_HISTORY = 20;

/** The multiplier (hundredths, floored) `ms` after the flight started. */
export const multiplierAt = (ms: number) => (ms <= 0 ? 100 : Math.floor(100 * Math.exp(CRASH_GROWTH * ms)));
/** Milliseconds from the flight's start until the multiplier reaches `hundredths` (the first ms it shows it). */
export const flightMs = (hundredths: number) =>
  hundredths <= 100 ? 0 : Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH);

/** The titles played as a shared crash round. */
export const isCrashRoom = (title: { family: string }) => title.family === 'crash';

/** "player123456" -> "pl***56", as the invite ranking masks (domains/friend). */
export const maskNickname = (name: string) =>
  name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;

const wire = (centavos: number) => formatCentavos(centavos).replaceAll(',', '');
type Failure = Extract<PlayResult, { ok: false }>;
const fail = (code: number, message: string, extra: Record<string, unknown> = {}): Failure => ({
  ok: false,
  code,
  message,
  ...extra,
});

type Phase = 'betting' | 'flying' | 'crashed';
const phaseOf = (r: Pick<CrashRoundRow, 'flight_at' | 'crash_at'>, now: number): Phase =>
  now < r.flight_at ? 'betting' : now < r.crash_at ? 'flying' : 'crashed';

export function createCrashRoom(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletClient;
  studio: Studio;
  /** The page sessions (provider_sessions: any process answers a page another opened). */
  sessions: Pick<SessionBook, 'live' | 'endedBy'>;
}) {
  const { db, clock, wallet, studio, sessions } = deps;
  const repo = createCrashRepo(db);
  const rounds = createProviderRepo(db);

  const engineOf = (title: StudioTitle) => title.engine as OneShotEngine<{ stake: number; target: number }>;
  const rulesOf = (title: StudioTitle) => title.engine.rules as CrashConfig;
  const capOf = (title: StudioTitle) => Math.round(rulesOf(title).maxTarget * 100);

  /** A bet's result through the title's own engine (cap and maximum win included), as verify recomputes it. */
  function playOf(
    title: StudioTitle,
    r: { server_seed: string; client_seed: string; n: number },
    stake: number,
    target: number,
  ) {
    return engineOf(title).play(fairRng(r.server_seed, r.client_seed, r.n), { stake, target: target / 100 });
  }
  /** Where the round's flight ends (hundredths): its drawn point, capped at the title's maxTarget. */
  function pointOf(title: StudioTitle, r: { server_seed: string; client_seed: string; n: number }) {
    const { outcome } = playOf(title, r, MIN_STAKE, Math.round(rulesOf(title).minTarget * 100));
    return Math.round((outcome as { crashPoint: number }).crashPoint * 100);
  }

  /**
   * The title's round on the server clock: the latest one until its pause ends, then round n + 1, opened at
   * the previous crash plus the pause (or now, when nobody read the title through a whole betting phase).
   * Written insert-or-read on (title, n): a second process asking at the same turn reads the same row.
   */
  async function current(title: StudioTitle): Promise<CrashRoundRow> {
    const now = clock.nowMs();
    const last = await repo.latest(title.key);
    if (last && now < last.crash_at + CRASH_PAUSE_MS) return last;
    const n = (last?.n ?? 0) + 1;
    const due = last ? last.crash_at + CRASH_PAUSE_MS : now;
    const startsAt = now - due >= CRASH_BET_MS ? now : due;
    const serverSeed = newServerSeed();
    const seed = { server_seed: serverSeed, client_seed: title.key, n };
    const flightAt = startsAt + CRASH_BET_MS;
    return repo.insertOrRead({
      title: title.key,
      n,
      serverSeed,
      serverSeedHash: hashSeed(serverSeed),
      clientSeed: title.key,
      startsAt,
      flightAt,
      crashAt: flightAt + flightMs(pointOf(title, seed)),
      now: clock.iso(),
    });
  }

  /**
   * Settles one bet once: cashed at `cashedAt` (hundredths; a button or a reached auto cash-out) or, at the
   * crash, at its auto target (none: the cap, where a flight that reached it pays everyone still in). The
   * bet's row and its provider round are written together, conditionally; then the wallet's win, idempotent
   * by its transaction id (recover pays it if the process stopped in between).
   */
  async function settle(bet: CrashBetInRound, cashedAt: number | null) {
    const title = studio.title(bet.title);
    if (!title) throw new Error(`crash bet ${bet.round_id} of unknown title ${bet.title}`);
    const target = cashedAt ?? bet.target ?? capOf(title);
    const settled = playOf(title, bet, bet.stake, target);
    const now = clock.iso();
    const claimed = await db.transaction(async () => {
      const won = await repo.settleBet({
        roundId: bet.round_id,
        win: settled.win,
        cashedAt: settled.win > 0 ? target : null,
        now,
      });
      if (!won) return false;
      const finished = await repo.finishRound({
        roundId: bet.round_id,
        params: JSON.stringify({ stake: bet.stake, target: target / 100 }),
        win: settled.win,
        result: settled.result,
        outcome: JSON.stringify(settled.outcome),
        now,
      });
      if (!finished) throw new Error(`crash bet ${bet.round_id}: its provider round is not open`);
      return true;
    })();
    if (!claimed) return undefined;
    const answer = await wallet.win({
      transactionId: `${bet.round_id}-win`,
      roundId: bet.round_id,
      amount: wire(settled.win),
      result: settled.result,
    });
    if (answer.success || answer.code === Code.ROUND_SETTLED)
      await rounds.setRoundState(bet.round_id, 'settled', clock.iso());
    return { settled, target, answer };
  }

  /**
   * The settlement sweep (the plugin's scheduler, every quarter second, and any read after a crash): reveals
   * crashed rounds, pays auto cash-outs the flight reached, and settles every bet of a crashed round.
   */
  // One sweep at a time in this process: a read waits for the one under way (its wallet calls included), so
  // it never shows a crashed round whose bets are still being paid. Across processes the writes decide.
  let sweeping: Promise<void> = Promise.resolve();
  function sweep() {
    const run = sweeping.then(sweepOnce);
    sweeping = run.catch(() => undefined);
    return run;
  }
  async function sweepOnce() {
    const now = clock.nowMs();
    let failure: unknown;
    for (const r of await repo.openCrashed(now)) {
      const title = studio.title(r.title);
      if (title) await repo.reveal(r.id, pointOf(title, r));
    }
    for (const bet of await repo.due(now)) {
      try {
        if (now >= bet.crash_at) await settle(bet, null);
        else if (bet.target !== null && now >= bet.flight_at + flightMs(bet.target)) await settle(bet, bet.target);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  const betSchema = (rules: CrashConfig) =>
    z.strictObject({
      stake: stakeSchema,
      target: z
        .number()
        .min(rules.minTarget)
        .max(rules.maxTarget)
        .refine((n) => Number(n.toFixed(2)) === n)
        .nullish(),
    });

  return {
    current,
    sweep,
    pointOf,

    /**
     * A bet on the title's round, in its betting phase only, one per player per round (a second tab or a
     * second process finds the unique key taken); the stake goes through the wallet's bet. Answered at once:
     * the round flies for everyone, the page cashes out or waits for the crash.
     */
    async bet(session: ProviderSession, params: unknown): Promise<PlayResult> {
      const { title } = session;
      const parsed = betSchema(rulesOf(title)).safeParse(params);
      if (!parsed.success || parsed.data.stake < MIN_STAKE || parsed.data.stake > MAX_STAKE)
        return fail(Code.BET_INVALID, 'This bet is not allowed (1 to 5,000 per round).');
      const { stake } = parsed.data;
      const target = parsed.data.target == null ? null : Math.round(parsed.data.target * 100);
      const round = await current(title);
      const roundId = `${title.family}-${randomUUID()}`;
      const placed = await db.transaction(async () => {
        if (clock.nowMs() >= round.flight_at) return 'closed' as const;
        const now = clock.iso();
        const first = await repo.insertBet({
          crashRoundId: round.id,
          playerId: session.playerId,
          nickname: maskNickname(session.nickname),
          roundId,
          stake,
          target,
          now,
        });
        if (!first) return 'twice' as const;
        await rounds.insertRound({
          roundId,
          family: title.family,
          title: title.key,
          sessionToken: session.sessionToken,
          betTx: `${roundId}-bet`,
          winTx: `${roundId}-win`,
          bet: stake,
          win: 0,
          outcome: 'null',
          result: '',
          serverSeedHash: round.server_seed_hash,
          clientSeed: round.client_seed,
          nonce: round.n,
          params: JSON.stringify({ stake, target: (target ?? capOf(title)) / 100 }),
          done: 0,
          now,
        });
        return 'ok' as const;
      })();
      if (placed === 'closed') return fail(Code.BET_INVALID, 'Bets are closed: wait for the next round.');
      if (placed === 'twice')
        return fail(Code.BET_INVALID, 'You already have a bet on this round: wait for the crash.');
      const answer = await wallet.bet({
        sessionToken: session.sessionToken,
        transactionId: `${roundId}-bet`,
        roundId,
        amount: wire(stake),
        turnover: wire(stake),
      });
      if (!answer.success) {
        await sessions.endedBy(session, answer.code);
        // Refused (balance, limits): the seat is given back, so a smaller bet can still make this round. Lost
        // in transit: rolled back first (the casino may have taken it); a rollback that cannot get through
        // leaves the provider round `betting` for recover (the bet stays out of play either way).
        const gone = !answer.unknown || (await rollBackInTransit(wallet, roundId, `${roundId}-bet`));
        await db.transaction(async () => {
          if (gone) await rounds.setRoundState(roundId, 'void', clock.iso());
          await repo.dropBet(roundId);
        })();
        const balance = (answer.data as { balance?: number } | null)?.balance;
        return fail(answer.code, answer.msg, balance !== undefined ? { balance } : {});
      }
      await db.transaction(() => repo.placeBet(roundId, clock.iso()))();
      return {
        ok: true,
        roundId,
        stake,
        win: 0,
        balance: answer.data.balance,
        result: '',
        outcome: { round: round.n, target: target === null ? null : target / 100 },
        done: false,
      };
    },

    /**
     * Cash out by button: the server's clock at receipt decides. Paid stake x m(now) (hundredths, floored)
     * while m(now) is below the round's point; at or after the crash the bet is lost. An auto cash-out the
     * flight already passed is paid at its target. A second request (replay, second tab) finds it settled.
     */
    async cashOut(sessionId: string) {
      const now = clock.nowMs();
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      if (!isCrashRoom(session.title)) return fail(Code.GAME_NOT_PLAYABLE, 'Not a crash game.');
      const bet = await repo.lastBetOf(session.title.key, session.playerId);
      if (!bet || bet.state === 'pending') return fail(Code.CRASH_NO_BET, 'You have no bet in this round.');
      const point = pointOf(session.title, bet);
      const tooLate = () =>
        fail(Code.CRASH_TOO_LATE, `Too late: crashed at ${(point / 100).toFixed(2)}x.`, {
          point,
          roundId: bet.round_id,
        });
      if (bet.state === 'settled') {
        // Lost at the crash (the sweep got there first): the same answer as a cash-out that came too late.
        if (!bet.cashed_at) return tooLate();
        return fail(Code.ROUND_SETTLED, `Already cashed out at ${(bet.cashed_at / 100).toFixed(2)}x.`, {
          roundId: bet.round_id,
          win: bet.win,
          cashedAt: bet.cashed_at,
        });
      }
      if (now < bet.flight_at) return fail(Code.CRASH_NOT_FLYING, 'The round has not taken off yet.');
      const m = multiplierAt(now - bet.flight_at);
      if (now >= bet.crash_at || m >= point) {
        await sweep();
        return tooLate();
      }
      if (m < Math.round(rulesOf(session.title).minTarget * 100))
        return fail(Code.CRASH_NOT_FLYING, 'Wait for 1.01x to cash out.');
      const cashedAt = bet.target !== null && bet.target <= m ? bet.target : m;
      const done = await settle(bet, cashedAt);
      if (!done) {
        const again = await repo.lastBetOf(session.title.key, session.playerId);
        return fail(Code.ROUND_SETTLED, 'Already cashed out.', {
          roundId: bet.round_id,
          win: again?.win ?? 0,
          cashedAt: again?.cashed_at ?? null,
        });
      }
      const { settled, answer } = done;
      if (!answer.success) return fail(answer.code, answer.msg);
      return {
        ok: true as const,
        roundId: bet.round_id,
        stake: bet.stake,
        win: settled.win,
        cashedAt,
        balance: answer.data.balance,
        result: settled.result,
        done: true,
      };
    },

    /**
     * What every player of the title sees (the page polls it about once a second): the round's phase and
     * times on the server clock (serverNow to correct the page's clock), the bets with masked nicknames and
     * cash-outs, totals, the player's own bet, the last points. The point, the crash time and the seed only
     * once the round crashed.
     */
    async status(sessionId: string) {
      const session = await sessions.live(sessionId);
      if (!isSession(session)) return session;
      const { title } = session;
      if (!isCrashRoom(title)) return fail(Code.GAME_NOT_PLAYABLE, 'Not a crash game.');
      const round = await current(title);
      // On demand: a round read after its crash is settled before it is shown (and an auto cash-out reached).
      await sweep();
      const now = clock.nowMs();
      const history = await repo.crashedBefore(title.key, now, CRASH_HISTORY);
      const phase = phaseOf(round, now);
      const crashed = phase === 'crashed';
      const point = crashed ? pointOf(title, round) : null;
      const bets = await repo.betsOf(round.id);
      let staked = 0;
      let paid = 0;
      for (const b of bets) {
        staked += b.stake;
        paid += b.win;
      }
      const mine = bets.find((b) => b.player_id === session.playerId);
      return {
        ok: true as const,
        serverNow: now,
        round: {
          n: round.n,
          phase,
          startsAt: round.starts_at,
          flightAt: round.flight_at,
          crashAt: crashed ? round.crash_at : null,
          nextAt: crashed ? round.crash_at + CRASH_PAUSE_MS : null,
          multiplier: crashed ? (point as number) : phase === 'flying' ? multiplierAt(now - round.flight_at) : 100,
          point,
          growth: CRASH_GROWTH,
          serverSeedHash: round.server_seed_hash,
          serverSeed: crashed ? round.server_seed : null,
          clientSeed: round.client_seed,
          nonce: round.n,
        },
        bets: bets.map((b) => ({
          player: b.nickname,
          stake: b.stake,
          cashedAt: b.cashed_at,
          win: b.win,
          state: b.state === 'settled' ? (b.cashed_at ? 'cashed' : 'lost') : 'in',
          me: b.player_id === session.playerId,
        })),
        totals: { bets: bets.length, staked, paid },
        me: mine
          ? {
              roundId: mine.round_id,
              stake: mine.stake,
              target: mine.target,
              cashedAt: mine.cashed_at,
              win: mine.win,
              state: mine.state === 'settled' ? (mine.cashed_at ? 'cashed' : 'lost') : 'in',
            }
          : null,
        history: history.map((r) => ({
          n: r.n,
          point: r.point ?? pointOf(title, r),
          serverSeedHash: r.server_seed_hash,
        })),
      };
    },

    /** The fairness sheet's numbers: the open round's commitment and the last crashed round's revealed seed. */
    async seeds(title: StudioTitle) {
      const round = await current(title);
      const [last] = await repo.crashedBefore(title.key, clock.nowMs(), 1);
      return {
        round: round.n,
        serverSeedHash: round.server_seed_hash,
        clientSeed: round.client_seed,
        nonce: round.n,
        last: last
          ? {
              round: last.n,
              result: `Crashed at ${((last.point ?? pointOf(title, last)) / 100).toFixed(2)}x`,
              serverSeed: last.server_seed,
              serverSeedHash: last.server_seed_hash,
              clientSeed: last.client_seed,
              nonce: last.n,
            }
          : null,
      };
    },

    /** A crash round's server seed once it crashed (the verify endpoint); undefined before, or if unknown. */
    async revealed(hash: string) {
      const r = await repo.byHash(hash);
      return r && clock.nowMs() >= r.crash_at ? r.server_seed : undefined;
    },
  };
}

export type CrashRoom = ReturnType<typeof createCrashRoom>;
