import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { walletBet, walletRaise, walletRollback, walletWin } from '../../../../shared/contract/provider-wallet';
import type { Language } from '../../../../shared/messages';
import { toCentavos, toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { verifyFields } from '../../lib/signature';
import type { EventBus, Progress } from '../../plugins/events';
import type { LedgerService } from '../ledger/service';
import { createPlayRepo, type LaunchRow } from './repo';

export const LAUNCH_TOKEN_TTL_MS = 2 * 60_000;
export const GAME_SESSION_IDLE_MS = 30 * 60_000;
/** A bet pushes the game session's expiry forward only when that moves it by at least this much. */
const SESSION_EXTEND_EVERY_MS = 60_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * What a bet of `amount` centavos counts toward wagering, rebates and VIP turnover: its net risk as the
 * provider states it (`turnover`, pesos; hedged chips count only what they leave uncovered), never more
 * than the stake; the stake when the provider states none. Its rollback takes back the same figure.
 */
const countedTurnover = (amount: number, stated: string | undefined) =>
  stated === undefined ? amount : Math.min(amount, toCentavos(stated));

type WalletAnswer = { balance: number; currency: 'PHP'; transactionId?: string };

/**
 * The journal reference of a raise: its round and its own transaction id, so each raise is a transfer of
 * its own (I5) whose rollback takes back exactly what it counted; `:` never occurs in a round id.
 */
const raiseReference = (roundId: string, transactionId: string) => `${roundId}:${transactionId}`;

/**
 * Launching games and the seamless wallet the provider calls. Bets, wins and rollbacks move money through
 * the ledger, each once per transaction id.
 */
export function createPlayService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  ledger: LedgerService;
  events: EventBus;
  hasWallet: (userId: number) => Promise<boolean>;
  nickname: (userId: number) => Promise<{ uid: number; nickname: string }>;
  /** Responsible gaming: refuses launches and bets while the player's break runs (domains/responsible). */
  assertMayPlay: (userId: number) => Promise<void>;
  /**
   * Responsible gaming: refuses a stake of `amount` centavos over a loss or wager limit (WAGER_LIMIT_REACHED,
   * LOSS_LIMIT_REACHED). Asked only for a player the launch query found with a limit row.
   */
  assertMayStake: (userId: number, amount: number) => Promise<void>;
}) {
  const { db, clock, ledger } = deps;
  const repo = createPlayRepo(db);

  const answer = async (userId: number, transactionId?: string): Promise<WalletAnswer> => ({
    balance: toPesos((await ledger.account(userId)).balance),
    currency: 'PHP',
    ...(transactionId ? { transactionId } : {}),
  });

  function verify(fields: Record<string, string>) {
    const { signature, ...rest } = fields;
    if (!signature || !verifyFields(rest, signature, deps.config.providerSecret))
      throw new AppError(Code.SIGNATURE_INVALID);
  }

  /**
   * Whether the casino session that launched the game still stands, as the database says (the launch's
   * own query joins it): not revoked (logout, password change, a login elsewhere, an operator's revoke or
   * suspension), not past its expiry, and its player active. A launch that names none (made before
   * migration 0046) stands for nothing.
   */
  const launchedByLiveSession = (launch: LaunchRow, nowMs: number) =>
    launch.session_id !== null &&
    launch.casino_revoked_at === null &&
    launch.casino_expires_at !== null &&
    Date.parse(launch.casino_expires_at) > nowMs &&
    launch.user_status === 'active';

  /** The launch behind a live game session; a game session ends with the casino session that opened it. */
  async function liveSession(sessionToken: string): Promise<LaunchRow> {
    const nowMs = clock.nowMs();
    const launch = await repo.bySessionHash(hash(sessionToken), new Date(nowMs).toISOString());
    if (!launch?.session_expires_at) throw new AppError(Code.GAME_TOKEN_INVALID);
    if (Date.parse(launch.session_expires_at) <= nowMs || !launchedByLiveSession(launch, nowMs)) {
      throw new AppError(Code.GAME_TOKEN_EXPIRED);
    }
    return launch;
  }

  /** A replay of a transaction id: the first answer when the request is the same, else a conflict. */
  async function replay(transactionId: string, request: string): Promise<WalletAnswer | undefined> {
    const previous = await repo.transaction(transactionId);
    if (!previous) return undefined;
    if (previous.request !== request) throw new AppError(Code.TRANSACTION_CONFLICT);
    return JSON.parse(previous.answer) as WalletAnswer;
  }

  /**
   * One wallet move, once per transaction id: checks the signature, runs `apply` and records its answer
   * in the same transaction; a replay gets the first answer. `apply` gives the balance after the move when
   * its posting answered it, which saves reading the account again.
   *
   * The transaction id is not looked up first: a replay is known when its move is refused (its round is
   * taken or settled already) or when its record is (the id is taken); the move is then rolled back and
   * the first answer read. On PostgreSQL a lookup of an id not there yet locks the index page it would be
   * on (SERIALIZABLE's predicate lock), and every concurrent wallet move records its id on that page: each
   * conflicted with the others and most were rolled back and run again.
   */
  async function once(
    body: { transactionId: string; signature: string },
    /** A raise is recorded as a 'bet' (a debit on its round; round_raises tells it apart). */
    kind: 'bet' | 'win' | 'rollback',
    apply: () => Promise<{
      userId: number;
      roundId: string;
      amount: number;
      balance?: number;
      /** What the move did to the player's totals, when its one posting answered it (balance.moved). */
      progress?: Progress | null;
      /** Whether the player has an inviter, when the move read it (balance.moved). */
      invited?: boolean;
    }>,
  ): Promise<WalletAnswer> {
    verify(body);
    const { signature: _signature, ...request } = body;
    const requestText = JSON.stringify(request);
    // A unit of the ledger's group commit: one transaction (a savepoint of the batch), answered once the
    // batch holding it is committed.
    const outcome = await ledger.batch
      .run(async () => {
        const move = await apply();
        const balance = move.balance ?? (await ledger.account(move.userId)).balance;
        const result: WalletAnswer = { balance: toPesos(balance), currency: 'PHP', transactionId: body.transactionId };
        const recorded = await repo.insertTransaction({
          transactionId: body.transactionId,
          kind,
          roundId: move.roundId,
          userId: move.userId,
          amount: move.amount,
          request: requestText,
          answer: JSON.stringify(result),
          now: clock.iso(),
        });
        if (!recorded) throw new Recorded();
        return { result, userId: move.userId, balance, progress: move.progress, invited: move.invited };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof AppError || error instanceof Recorded)) throw error;
        const replayed = await replay(body.transactionId, requestText);
        if (replayed)
          return { result: replayed, userId: 0, balance: undefined, progress: undefined, invited: undefined };
        throw error;
      });
    if (outcome.userId) {
      const { userId, balance, progress, invited } = outcome;
      deps.events.emit('balance.moved', { userId, balance, progress, invited });
    }
    return outcome.result;
  }

  /**
   * A bet's or a raise's session, amount and counted turnover. A break refuses both, also from a page opened
   * before it began (wins and rollbacks of its rounds still settle); so does a loss or wager limit the stake
   * would go over. Called inside the bet's own transaction (`once`), before its round is opened or raised:
   * the limit sees every stake committed or batched before it, so two tabs cannot both fit under one limit.
   *
   * The limits cost a player without one no statement: the launch query already says whether the player has
   * a limit row (`play_limited`, an EXISTS in the same statement); only then are the limits and the period's
   * rounds read (two statements). A flag kept on the users row was the other choice: it would need a write
   * on another domain's table whenever a limit changes, and could go stale; the EXISTS cannot.
   */
  async function stakeOf(body: { sessionToken: string; amount: string; turnover?: string | undefined }) {
    const launch = await liveSession(body.sessionToken);
    // The launch query says whether a break runs (an EXISTS at this instant): only then is it read, to refuse.
    if (launch.play_paused) await deps.assertMayPlay(launch.user_id);
    const amount = toCentavos(body.amount);
    if (amount <= 0) throw new AppError(Code.BET_INVALID);
    if (launch.play_limited) await deps.assertMayStake(launch.user_id, amount);
    return { launch, amount, turnover: countedTurnover(amount, body.turnover) };
  }

  /**
   * A stake on an open round, through the ledger: refused with the balance when it is too small. The idle
   * time-out of the game session restarts with it.
   */
  async function debit(launch: LaunchRow, amount: number, turnover: number, reference: string, nowMs: number) {
    let moved: { balance: number; progress: Progress | null };
    try {
      const { account, progress } = await ledger.post(launch.user_id, {
        type: 'bet',
        amount: -amount,
        turnoverDone: turnover,
        reference,
        // Its round is open: a balance of 0 after it forfeits no bonus yet (the settlement decides).
        inPlay: true,
      });
      moved = { balance: account.balance, progress };
    } catch (error) {
      if (error instanceof AppError && error.code === Code.INSUFFICIENT_BALANCE) {
        throw new AppError(Code.INSUFFICIENT_BALANCE, { data: await answer(launch.user_id) });
      }
      throw error;
    }
    // The row is rewritten at most once a minute, so a session of rapid bets costs no extra page per bet
    // (it lives 29 to 30 minutes past the last one).
    const expiresMs = nowMs + GAME_SESSION_IDLE_MS;
    if (expiresMs - Date.parse(launch.session_expires_at as string) >= SESSION_EXTEND_EVERY_MS) {
      await repo.extendSession(launch.id, new Date(expiresMs).toISOString());
    }
    return moved;
  }

  return {
    /** A round as the player reads it in records: the game's name and a short round number; null if unknown. */
    async roundLabel(userId: number, reference: string): Promise<string | null> {
      // A raise's journal rows name its round before the `:`.
      const roundId = reference.split(':')[0] as string;
      const round = await repo.round(roundId);
      if (!round || round.user_id !== userId) return null;
      // 'slot-<uuid>' or '<uuid>': the first 8 characters of the round's own id.
      const short = roundId
        .replace(/^[a-z]+-/i, '')
        .replace(/-/g, '')
        .slice(0, 8)
        .toUpperCase();
      return `${round.game_name} #${short}`;
    },

    /** A player's rounds (records screen) and their totals. */
    roundsPage: repo.roundsPage,
    roundsTotals: repo.roundsTotals,

    /** What the player's rounds opened since each of three instants staked and lost (responsible gaming). */
    stakedSince: repo.stakedSince,

    /** Whether the player has a round still open (the ledger asks it before forfeiting a bonus). */
    hasOpenRound: repo.hasOpenRound,

    /** A play URL for the player of the casino session `session`; the game session will end with it. */
    async launch(session: { id: number; sessionId: number }, gameId: number, origin: string, language: Language) {
      const userId = session.id;
      if (!session.sessionId) throw new AppError(Code.SESSION_INVALID);
      const game = await repo.game(gameId);
      if (!game) throw new AppError(Code.GAME_NOT_FOUND);
      if (!game.playable || !game.provider_game) throw new AppError(Code.GAME_NOT_PLAYABLE);
      await deps.assertMayPlay(userId);
      if (game.need_bind_wallet && !(await deps.hasWallet(userId))) {
        return { playUrl: '', openMode: game.open_mode, needBindWallet: true };
      }
      const token = newToken();
      const now = clock.now();
      await db.transaction(() =>
        repo.insertLaunch({
          userId,
          gameId,
          sessionId: session.sessionId,
          launchHash: hash(token),
          launchExpiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS).toISOString(),
          language,
          now: now.toISOString(),
        }),
      )();
      const playUrl = `${origin}/provider/play/${game.provider_game}?token=${token}&lang=${language}`;
      return { playUrl, openMode: game.open_mode, needBindWallet: false };
    },

    authenticate(body: { launchToken: string; signature: string }) {
      verify(body);
      return db.transaction(async () => {
        const nowMs = clock.nowMs();
        const launch = await repo.byLaunchHash(hash(body.launchToken), new Date(nowMs).toISOString());
        if (!launch) throw new AppError(Code.GAME_TOKEN_INVALID);
        if (Date.parse(launch.launch_expires_at) <= nowMs || !launchedByLiveSession(launch, nowMs)) {
          throw new AppError(Code.GAME_TOKEN_EXPIRED);
        }
        const sessionToken = newToken();
        const expiresAt = new Date(clock.nowMs() + GAME_SESSION_IDLE_MS).toISOString();
        if (!(await repo.startSession(launch.id, hash(sessionToken), expiresAt)))
          throw new AppError(Code.GAME_TOKEN_INVALID);
        const player = await deps.nickname(launch.user_id);
        return {
          sessionToken,
          playerId: player.uid,
          nickname: player.nickname,
          gameCode: launch.provider_game ?? '',
          language: launch.language,
          ...(await answer(launch.user_id)),
          currency: 'PHP' as const,
        };
      })();
    },

    async balance(body: { sessionToken: string; signature: string }) {
      verify(body);
      return answer((await liveSession(body.sessionToken)).user_id);
    },

    async bet(body: z.output<typeof walletBet.body>) {
      return once(body, 'bet', async () => {
        const { launch, amount, turnover } = await stakeOf(body);
        const nowMs = clock.nowMs();
        const now = new Date(nowMs).toISOString();
        // The round id is unique: a second bet on it inserts nothing (the transaction rolls back on any
        // refusal below, so the round never outlives a bet that failed). Nor does a bet rolled back before it
        // got here (its answer was lost, the provider voided the round): too late, in the same statement.
        const opened = await repo.insertRound({
          transactionId: body.transactionId,
          roundId: body.roundId,
          userId: launch.user_id,
          gameId: launch.game_id,
          launchId: launch.id,
          bet: amount,
          now,
        });
        if (!opened) throw new AppError(Code.ROUND_SETTLED);
        // Its round is open (inserted above): a balance of 0 after it forfeits no bonus yet.
        const { balance, progress } = await debit(launch, amount, turnover, body.roundId, nowMs);
        const invited = launch.superior_id !== null;
        return { userId: launch.user_id, roundId: body.roundId, amount, balance, progress, invited };
      });
    },

    /**
     * A further stake on the player's open round (double, split, insurance): only on a round this launch
     * opened and that is still open; its stake grows by the amount and its turnover counts like a bet's.
     * Once per transaction id, like a bet: a replay answers the first answer and charges nothing.
     */
    async raise(body: z.output<typeof walletRaise.body>) {
      return once(body, 'bet', async () => {
        const { launch, amount, turnover } = await stakeOf(body);
        if (await repo.isVoidBet(body.transactionId)) throw new AppError(Code.ROUND_SETTLED);
        const round = await repo.round(body.roundId);
        // Another player's round, or one of another launch, is as unknown as a round never opened.
        if (!round || round.user_id !== launch.user_id || round.launch_id !== launch.id)
          throw new AppError(Code.TRANSACTION_UNKNOWN);
        // Conditional on the round still open: of a raise and the round's settlement, whichever writes
        // first decides (the other is refused, or settles the raised round).
        if (!(await repo.raiseRound({ roundId: body.roundId, userId: launch.user_id, launchId: launch.id, amount })))
          throw new AppError(Code.ROUND_SETTLED);
        const nowMs = clock.nowMs();
        const recorded = await repo.insertRaise({
          transactionId: body.transactionId,
          roundId: body.roundId,
          userId: launch.user_id,
          amount,
          turnover,
          now: new Date(nowMs).toISOString(),
        });
        // Taken already: the move is rolled back and `once` answers the first answer.
        if (!recorded) throw new AppError(Code.TRANSACTION_CONFLICT);
        const reference = raiseReference(body.roundId, body.transactionId);
        const { balance, progress } = await debit(launch, amount, turnover, reference, nowMs);
        return { userId: launch.user_id, roundId: body.roundId, amount, balance, progress };
      });
    },

    async win(body: z.output<typeof walletWin.body>) {
      return once(body, 'win', async () => {
        const round = await repo.round(body.roundId);
        if (!round) throw new AppError(Code.TRANSACTION_UNKNOWN);
        const amount = toCentavos(body.amount);
        if (!(await repo.settleRound({ roundId: body.roundId, win: amount, result: body.result, now: clock.iso() }))) {
          throw new AppError(Code.ROUND_SETTLED);
        }
        // A win of 0 posts nothing, but it closes the round: the ledger then tells whether a bonus was lost.
        const balance =
          amount > 0
            ? (await ledger.post(round.user_id, { type: 'win', amount, reference: body.roundId })).account.balance
            : await ledger.roundSettled(round.user_id, body.roundId);
        // A win counts no deposit and no turnover: no VIP level can move with it.
        return { userId: round.user_id, roundId: body.roundId, amount, balance, progress: null };
      });
    },

    /**
     * Refunds a stake of a round not settled. The round's bet refunds everything the round took: the bet and
     * every raise not refunded yet, each with the turnover it counted, and closes the round. A raise refunds
     * that raise alone and the round stays open with its stake lowered.
     */
    async rollback(body: z.output<typeof walletRollback.body>): Promise<WalletAnswer> {
      try {
        return await rollbackOnce(body);
      } catch (error) {
        if (!(error instanceof AppError && error.code === Code.TRANSACTION_UNKNOWN)) throw error;
        // Never seen: the bet (or raise) is recorded as void, so one that arrives after this answer is
        // refused. Conditional on it still unknown in the same transaction: one that got in meanwhile is
        // rolled back as usual instead (on PostgreSQL, SERIALIZABLE orders the two). The signature was
        // checked by `once` before it answered unknown.
        const recorded = await db.transaction(async () => {
          if (await repo.transaction(body.betTransactionId)) return false;
          await repo.insertVoidBet({
            transactionId: body.betTransactionId,
            rollbackId: body.transactionId,
            now: clock.iso(),
          });
          return true;
        })();
        if (recorded) throw error;
        return rollbackOnce(body);
      }
    },
  };

  function rollbackOnce(body: z.output<typeof walletRollback.body>) {
    return once(body, 'rollback', async () => {
      const bet = await repo.transaction(body.betTransactionId);
      if (bet?.kind !== 'bet') throw new AppError(Code.TRANSACTION_UNKNOWN);
      const now = clock.iso();
      const raise = await repo.raise(bet.transaction_id);
      if (raise) {
        if (!(await repo.refundRaise(raise.transaction_id, now))) throw new AppError(Code.ROUND_SETTLED);
        if (!(await repo.lowerRound(raise.round_id, raise.amount))) throw new AppError(Code.ROUND_SETTLED);
        const { account } = await ledger.post(raise.user_id, {
          type: 'rollback',
          amount: raise.amount,
          turnoverDone: -raise.turnover,
          reference: raiseReference(raise.round_id, raise.transaction_id),
        });
        return { userId: raise.user_id, roundId: raise.round_id, amount: raise.amount, balance: account.balance };
      }
      if (!(await repo.refundRound(bet.round_id, now))) throw new AppError(Code.ROUND_SETTLED);
      // The bet's turnover taken back: what it counted, from the request it was placed with.
      const counted = countedTurnover(bet.amount, (JSON.parse(bet.request) as { turnover?: string }).turnover);
      let { account } = await ledger.post(bet.user_id, {
        type: 'rollback',
        amount: bet.amount,
        turnoverDone: -counted,
        reference: bet.round_id,
      });
      let amount = bet.amount;
      for (const taken of await repo.raisesTaken(bet.round_id)) {
        await repo.refundRaise(taken.transaction_id, now);
        ({ account } = await ledger.post(taken.user_id, {
          type: 'rollback',
          amount: taken.amount,
          turnoverDone: -taken.turnover,
          reference: raiseReference(taken.round_id, taken.transaction_id),
        }));
        amount += taken.amount;
      }
      return { userId: bet.user_id, roundId: bet.round_id, amount, balance: account.balance };
    });
  }
}

export type PlayService = ReturnType<typeof createPlayService>;

/** The transaction id of a wallet move is recorded already: the move is rolled back and a replay answered. */
class Recorded extends Error {
  override name = 'Recorded';
}
