import { randomBytes, randomUUID } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import { formatCentavos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { GAMES, type GameKey } from './games';
import { cryptoRng } from './games/rng';
import type { WalletClient } from './wallet-client';

const wire = (centavos: number) => formatCentavos(centavos).replaceAll(',', '');

export interface ProviderSession {
  sessionToken: string;
  game: GameKey;
  language: string;
  nickname: string;
}

export type PlayResult =
  | { ok: true; roundId: string; stake: number; win: number; balance: number; result: string; outcome: unknown }
  | { ok: false; code: number; message: string; balance?: number };

interface ProviderRound {
  round_id: string;
  session_token: string;
  bet_transaction_id: string;
  win_transaction_id: string;
  win: number;
  result: string;
  state: 'betting' | 'bet_placed' | 'settled' | 'void';
}

/**
 * The demo provider's game server: draws the outcome, writes the round to its own book, then bets and
 * settles through the casino's wallet. A round interrupted between the two is finished by `recover`.
 */
export function createProviderEngine(deps: { db: Db; clock: Clock; wallet: WalletClient }) {
  const { db, clock, wallet } = deps;
  const sessions = new Map<string, ProviderSession>();

  const insert = db.prepare(
    `INSERT INTO provider_rounds (round_id, game, session_token, bet_transaction_id, win_transaction_id, bet, win,
       outcome, result, state, created_at, updated_at)
     VALUES (@roundId, @game, @sessionToken, @betTx, @winTx, @bet, @win, @outcome, @result, 'betting', @now, @now)`,
  );
  const setState = db.prepare('UPDATE provider_rounds SET state = ?, updated_at = ? WHERE round_id = ?');
  const unfinished = db.prepare(
    "SELECT * FROM provider_rounds WHERE state IN ('betting', 'bet_placed') AND updated_at <= ? ORDER BY id",
  );

  const mark = (roundId: string, state: ProviderRound['state']) => setState.run(state, clock.iso(), roundId);

  async function settle(round: ProviderRound) {
    const answer = await wallet.win({
      transactionId: round.win_transaction_id,
      roundId: round.round_id,
      amount: wire(round.win),
      result: round.result,
    });
    if (answer.success || answer.code === Code.ROUND_SETTLED) mark(round.round_id, 'settled');
    return answer;
  }

  return {
    sessions,

    /** Exchanges a launch token with the casino and opens a provider session; its id goes to the page. */
    async open(launchToken: string, game: GameKey) {
      const answer = await wallet.authenticate(launchToken);
      if (!answer.success) return { ok: false as const, code: answer.code, message: answer.msg };
      if (answer.data.gameCode !== game)
        return { ok: false as const, code: Code.GAME_TOKEN_INVALID, message: 'Wrong game' };
      const id = randomBytes(24).toString('base64url');
      sessions.set(id, {
        sessionToken: answer.data.sessionToken,
        game,
        language: answer.data.language,
        nickname: answer.data.nickname,
      });
      return {
        ok: true as const,
        id,
        balance: answer.data.balance,
        nickname: answer.data.nickname,
        language: answer.data.language,
      };
    },

    async balance(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) return { ok: false as const, code: Code.GAME_TOKEN_INVALID, message: 'Session ended' };
      const answer = await wallet.balance(session.sessionToken);
      return answer.success
        ? { ok: true as const, balance: answer.data.balance }
        : { ok: false as const, code: answer.code, message: answer.msg };
    },

    async play(sessionId: string, params: unknown): Promise<PlayResult> {
      const session = sessions.get(sessionId);
      if (!session)
        return { ok: false, code: Code.GAME_TOKEN_INVALID, message: 'Session ended. Close and open the game again.' };
      const game = GAMES[session.game];
      const parsed = game.params.safeParse(params);
      if (!parsed.success)
        return { ok: false, code: Code.BET_INVALID, message: 'This bet is not allowed (1 to 5,000 per round).' };
      const stake = parsed.data.stake;
      const round = (
        game.play as (rng: typeof cryptoRng, p: typeof parsed.data) => { win: number; result: string; outcome: unknown }
      )(cryptoRng, parsed.data);
      const roundId = `${session.game}-${randomUUID()}`;
      const betTx = `${roundId}-bet`;
      const winTx = `${roundId}-win`;
      insert.run({
        roundId,
        game: session.game,
        sessionToken: session.sessionToken,
        betTx,
        winTx,
        bet: stake,
        win: round.win,
        outcome: JSON.stringify(round.outcome),
        result: round.result,
        now: clock.iso(),
      });
      const bet = await wallet.bet({
        sessionToken: session.sessionToken,
        transactionId: betTx,
        roundId,
        amount: wire(stake),
      });
      if (!bet.success) {
        mark(roundId, 'void');
        const balance = (bet.data as { balance?: number } | null)?.balance;
        return { ok: false, code: bet.code, message: bet.msg, ...(balance !== undefined ? { balance } : {}) };
      }
      mark(roundId, 'bet_placed');
      const settled = await settle({
        round_id: roundId,
        session_token: session.sessionToken,
        bet_transaction_id: betTx,
        win_transaction_id: winTx,
        win: round.win,
        result: round.result,
        state: 'bet_placed',
      });
      if (!settled.success) return { ok: false, code: settled.code, message: settled.msg };
      return {
        ok: true,
        roundId,
        stake,
        win: round.win,
        balance: settled.data.balance,
        result: round.result,
        outcome: round.outcome,
      };
    },

    /**
     * Finishes rounds a crash interrupted: a bet that may not have reached the wallet is rolled back
     * (an unknown bet just voids the round); a placed bet is settled with its recorded outcome.
     */
    async recover(olderThanMs = 0) {
      const rounds = unfinished.all(new Date(clock.nowMs() - olderThanMs).toISOString()) as ProviderRound[];
      for (const round of rounds) {
        if (round.state === 'bet_placed') {
          await settle(round);
          continue;
        }
        const answer = await wallet.rollback({
          transactionId: `${round.round_id}-rb`,
          betTransactionId: round.bet_transaction_id,
        });
        if (answer.success || answer.code === Code.TRANSACTION_UNKNOWN) mark(round.round_id, 'void');
        else if (answer.code === Code.ROUND_SETTLED) mark(round.round_id, 'settled');
      }
      return rounds.length;
    },
  };
}

export type ProviderEngine = ReturnType<typeof createProviderEngine>;
