import type { Db } from '../../db/database';

export interface PlayableGame {
  id: number;
  name: string;
  type: string;
  playable: number;
  open_mode: 'iframe' | 'browser';
  need_bind_wallet: number;
  provider_game: string | null;
}

export interface LaunchRow {
  id: number;
  user_id: number;
  game_id: number;
  /** The casino session (sessions.id) that launched the game; null for launches before migration 0046. */
  session_id: number | null;
  launch_expires_at: string;
  session_token_hash: string | null;
  session_expires_at: string | null;
  language: string;
  provider_game: string | null;
  /** That casino session's revocation and expiry (null when it names none), read in the same query. */
  casino_revoked_at: string | null;
  casino_expires_at: string | null;
  /** The player's users.status ('active' or 'suspended'). */
  user_status: string;
}

export interface RoundRow {
  id: number;
  round_id: string;
  user_id: number;
  game_id: number;
  launch_id: number;
  bet: number;
  win: number;
  status: 'open' | 'settled' | 'refunded';
  result: string;
  created_at: string;
  game_name: string;
}

export interface TransactionRow {
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: string;
  user_id: number;
  amount: number;
  request: string;
  answer: string;
}

export interface RoundFilter {
  userId: number;
  type?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const ROUND_FILTER = `r.user_id = @userId AND (g.type = @type OR @type IS NULL)
  AND (r.created_at >= @from OR @from IS NULL) AND (r.created_at < @to OR @to IS NULL)`;

const roundParams = (f: RoundFilter) => ({
  userId: f.userId,
  type: f.type ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createPlayRepo(db: Db) {
  const game = db.prepare(
    'SELECT id, name, type, playable, open_mode, need_bind_wallet, provider_game FROM games WHERE id = ? AND enabled = 1',
  );
  const insertLaunch = db.prepare(
    `INSERT INTO game_launches (user_id, game_id, session_id, launch_token_hash, launch_expires_at, language,
       created_at)
     VALUES (@userId, @gameId, @sessionId, @launchHash, @launchExpiresAt, @language, @now)
     RETURNING id`,
  );
  // The launch with what decides whether its game session still stands: the casino session that launched
  // it and the player's status, joined on primary keys in the one query a wallet call makes anyway (the
  // database is the truth, for every process of a cluster; no session cache is asked).
  const LAUNCH_SELECT = `SELECT l.*, g.provider_game, s.revoked_at AS casino_revoked_at,
       s.expires_at AS casino_expires_at, u.status AS user_status
     FROM game_launches l JOIN games g ON g.id = l.game_id JOIN users u ON u.id = l.user_id
       LEFT JOIN sessions s ON s.id = l.session_id`;
  const byLaunchHash = db.prepare(`${LAUNCH_SELECT} WHERE l.launch_token_hash = ?`);
  const bySessionHash = db.prepare(`${LAUNCH_SELECT} WHERE l.session_token_hash = ?`);
  const startSession = db.prepare(
    `UPDATE game_launches SET session_token_hash = ?, session_expires_at = ? WHERE id = ? AND session_token_hash IS NULL`,
  );
  const extendSession = db.prepare('UPDATE game_launches SET session_expires_at = ? WHERE id = ?');
  const transaction = db.prepare('SELECT * FROM wallet_transactions WHERE transaction_id = ?');
  const insertTransaction = db.prepare(
    `INSERT INTO wallet_transactions (transaction_id, kind, round_id, user_id, amount, request, answer, created_at)
     VALUES (@transactionId, @kind, @roundId, @userId, @amount, @request, @answer, @now)
     ON CONFLICT (transaction_id) DO NOTHING`,
  );
  const round = db.prepare(
    'SELECT r.*, g.name AS game_name FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE r.round_id = ?',
  );
  const insertRound = db.prepare(
    `INSERT INTO game_rounds (round_id, user_id, game_id, launch_id, bet, created_at)
     VALUES (@roundId, @userId, @gameId, @launchId, @bet, @now) ON CONFLICT (round_id) DO NOTHING`,
  );
  const settleRound = db.prepare(
    `UPDATE game_rounds SET win = @win, status = 'settled', result = @result, settled_at = @now
     WHERE round_id = @roundId AND status = 'open'`,
  );
  const refundRound = db.prepare(
    `UPDATE game_rounds SET status = 'refunded', result = 'Refunded', settled_at = @now
     WHERE round_id = @roundId AND status = 'open'`,
  );
  const openRound = db.prepare("SELECT 1 FROM game_rounds WHERE user_id = ? AND status = 'open' LIMIT 1").pluck();
  const roundsPage = db.prepare(
    `SELECT r.*, g.name AS game_name FROM game_rounds r JOIN games g ON g.id = r.game_id
     WHERE ${ROUND_FILTER} ORDER BY r.id DESC LIMIT @limit OFFSET @offset`,
  );
  const roundsTotals = db.prepare(
    `SELECT COUNT(*) AS count, COALESCE(SUM(r.bet), 0) AS bet, COALESCE(SUM(r.win), 0) AS win
     FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${ROUND_FILTER}`,
  );

  return {
    game: (id: number) => game.get(id) as Promise<PlayableGame | undefined>,
    insertLaunch: async (l: {
      userId: number;
      gameId: number;
      sessionId: number;
      launchHash: string;
      launchExpiresAt: string;
      language: string;
      now: string;
    }) => ((await insertLaunch.get(l)) as { id: number }).id,
    byLaunchHash: (hash: string) => byLaunchHash.get(hash) as Promise<LaunchRow | undefined>,
    bySessionHash: (hash: string) => bySessionHash.get(hash) as Promise<LaunchRow | undefined>,
    /** Exchanges the launch token once; false when it was already used. */
    startSession: async (id: number, hash: string, expiresAt: string) =>
      (await startSession.run(hash, expiresAt, id)).changes > 0,
    extendSession: (id: number, expiresAt: string) => extendSession.run(expiresAt, id),
    transaction: (id: string) => transaction.get(id) as Promise<TransactionRow | undefined>,
    /** Records a wallet move; false when its transaction id is recorded already (nothing inserted). */
    insertTransaction: async (t: {
      transactionId: string;
      kind: 'bet' | 'win' | 'rollback';
      roundId: string;
      userId: number;
      amount: number;
      request: string;
      answer: string;
      now: string;
    }) => (await insertTransaction.run(t)).changes === 1,
    round: (roundId: string) => round.get(roundId) as Promise<RoundRow | undefined>,
    /** Opens a round; false when the round id is taken (nothing inserted). */
    insertRound: async (r: {
      roundId: string;
      userId: number;
      gameId: number;
      launchId: number;
      bet: number;
      now: string;
    }) => (await insertRound.run(r)).changes > 0,
    settleRound: async (r: { roundId: string; win: number; result: string; now: string }) =>
      (await settleRound.run(r)).changes > 0,
    refundRound: async (roundId: string, now: string) => (await refundRound.run({ roundId, now })).changes > 0,
    /** Whether the player has a round still open (bet, neither settled nor rolled back): index game_rounds_open. */
    hasOpenRound: async (userId: number) => (await openRound.get(userId)) !== undefined,
    roundsPage: async (f: RoundFilter) => (await roundsPage.all(roundParams(f))) as RoundRow[],
    roundsTotals: async (f: RoundFilter) =>
      (await roundsTotals.get(roundParams(f))) as { count: number; bet: number; win: number },
  };
}
