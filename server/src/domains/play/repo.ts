import type { ExpressionBuilder } from 'kysely';
import {
  type Builder,
  type ColumnOf,
  type Engine,
  param,
  prepareQuery,
  sql,
  total,
  typedParam,
} from '../../db/builder';
import type { DB } from '../../db/builder/tables';
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
  /**
   * Whether the player has a loss or wager limit row (responsible gaming), asked in the same query: an
   * EXISTS on play_limits' primary key prefix. 1/0 on SQLite, true/false on PostgreSQL.
   */
  play_limited: number | boolean;
  /**
   * Whether a break of the player's is running at the instant given (responsible gaming's play_breaks), asked
   * in the same query: only then is the break itself read, for its refusal. 1/0 on SQLite, true/false on
   * PostgreSQL.
   */
  play_paused: number | boolean;
  /** The player's inviter (users.superior_id), null for most: a bet then costs no inviter's turnover sync. */
  superior_id: number | null;
}

/** What the rounds opened since each of three instants staked and lost (centavos; refunded rounds left out). */
export interface StakedSince {
  wagered: number;
  lost: number;
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

/** A second stake taken on an open round (migration 0055). */
export interface RaiseRow {
  transaction_id: string;
  round_id: string;
  user_id: number;
  amount: number;
  turnover: number;
  status: 'taken' | 'refunded';
}

export interface RoundFilter {
  userId: number;
  type?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The rounds' filters: each optional one given as null when absent. */
const roundFilter =
  (engine: Engine) => (e: ExpressionBuilder<DB & { r: DB['game_rounds']; g: DB['games'] }, 'r' | 'g'>) =>
    e.and([
      e('r.user_id', '=', param<number>('userId')),
      e.or([
        e('g.type', '=', param<ColumnOf<'games', 'type'>>('type')),
        e(typedParam<string | null>(engine, 'type', 'text'), 'is', null),
      ]),
      e.or([
        e('r.created_at', '>=', param<string>('from')),
        e(typedParam<string | null>(engine, 'from', 'text'), 'is', null),
      ]),
      e.or([
        e('r.created_at', '<', param<string>('to')),
        e(typedParam<string | null>(engine, 'to', 'text'), 'is', null),
      ]),
    ]);

const roundParams = (f: RoundFilter) => ({
  userId: f.userId,
  type: f.type ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  limit: f.limit,
  offset: f.offset,
});

export function createPlayRepo(db: Db) {
  const game = prepareQuery(db, (b) =>
    b
      .selectFrom('games')
      .select(['id', 'name', 'type', 'playable', 'open_mode', 'need_bind_wallet', 'provider_game'])
      .where('id', '=', param<number>('id'))
      .where('enabled', '=', sql.lit(1))
      .$narrowType<{ open_mode: PlayableGame['open_mode'] }>(),
  );
  const insertLaunch = prepareQuery(db, (b) =>
    b
      .insertInto('game_launches')
      .values({
        user_id: param<number>('userId'),
        game_id: param<number>('gameId'),
        session_id: param<number>('sessionId'),
        launch_token_hash: param<string>('launchHash'),
        launch_expires_at: param<string>('launchExpiresAt'),
        language: param<string>('language'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  // The launch with what decides whether its game session still stands: the casino session that launched
  // it and the player's status, joined on primary keys in the one query a wallet call makes anyway (the
  // database is the truth, for every process of a cluster; no session cache is asked).
  const launchSelect = (b: Builder) =>
    b
      .selectFrom('game_launches as l')
      .innerJoin('games as g', 'g.id', 'l.game_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('sessions as s', 's.id', 'l.session_id')
      .selectAll('l')
      .select([
        'g.provider_game',
        's.revoked_at as casino_revoked_at',
        's.expires_at as casino_expires_at',
        'u.status as user_status',
        'u.superior_id',
      ])
      // Responsible gaming's loss and wager limits (migration 0056): whether this player has one, in this
      // statement, so that a player without one costs the bet no statement more (docs/responsible-gaming.md).
      .select((e) =>
        e
          .exists(
            e.selectFrom('play_limits as pl').select(sql.lit(1).as('one')).whereRef('pl.user_id', '=', 'l.user_id'),
          )
          .as('play_limited'),
      )
      // A running break (issue 27): in this statement too, so that a player on no break costs the bet no
      // statement more; the break is read for its refusal only when there is one (responsible assertMayPlay).
      .select((e) =>
        e
          .exists(
            e
              .selectFrom('play_breaks as pb')
              .select(sql.lit(1).as('one'))
              .whereRef('pb.user_id', '=', 'l.user_id')
              .where((w) => w.or([w('pb.until', 'is', null), w('pb.until', '>', param<string>('now'))])),
          )
          .as('play_paused'),
      );
  const byLaunchHash = prepareQuery(db, (b) =>
    launchSelect(b).where('l.launch_token_hash', '=', param<string>('hash')),
  );
  const bySessionHash = prepareQuery(db, (b) =>
    launchSelect(b).where('l.session_token_hash', '=', param<string>('hash')),
  );
  const startSession = prepareQuery(db, (b) =>
    b
      .updateTable('game_launches')
      .set({ session_token_hash: param<string>('hash'), session_expires_at: param<string>('expiresAt') })
      .where('id', '=', param<number>('id'))
      .where('session_token_hash', 'is', null),
  );
  const extendSession = prepareQuery(db, (b) =>
    b
      .updateTable('game_launches')
      .set({ session_expires_at: param<string>('expiresAt') })
      .where('id', '=', param<number>('id')),
  );
  const voidBet = prepareQuery(db, (b) =>
    b.selectFrom('void_bets').select('id').where('transaction_id', '=', param<string>('transactionId')),
  );
  const insertVoidBet = prepareQuery(db, (b) =>
    b
      .insertInto('void_bets')
      .values({
        transaction_id: param<string>('transactionId'),
        rollback_id: param<string>('rollbackId'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.column('transaction_id').doNothing()),
  );
  const transaction = prepareQuery(db, (b) =>
    b
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('transaction_id', '=', param<string>('id'))
      .$narrowType<{ kind: TransactionRow['kind'] }>(),
  );
  const insertTransaction = prepareQuery(db, (b) =>
    b
      .insertInto('wallet_transactions')
      .values({
        transaction_id: param<string>('transactionId'),
        kind: param<ColumnOf<'wallet_transactions', 'kind'>>('kind'),
        round_id: param<string>('roundId'),
        user_id: param<number>('userId'),
        amount: param<number>('amount'),
        request: param<string>('request'),
        answer: param<string>('answer'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.column('transaction_id').doNothing()),
  );
  const roundSelect = (b: Builder) =>
    b
      .selectFrom('game_rounds as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .selectAll('r')
      .select('g.name as game_name')
      .$narrowType<{ status: RoundRow['status'] }>();
  const round = prepareQuery(db, (b) => roundSelect(b).where('r.round_id', '=', param<string>('roundId')));
  // A bet's round, inserted only when its round id is new and its transaction id was not rolled back before it
  // arrived (void_bets): either refusal inserts nothing, in the one statement (issue 27: the void check was a
  // read of its own). The values are typed on PostgreSQL, which cannot type a parameter of a select list.
  const insertRound = prepareQuery(db, (b, engine) =>
    b
      .insertInto('game_rounds')
      .columns(['round_id', 'user_id', 'game_id', 'launch_id', 'bet', 'created_at'])
      .expression(
        b
          .selectNoFrom([
            typedParam<string>(engine, 'roundId', 'text').as('round_id'),
            typedParam<number>(engine, 'userId', 'integer').as('user_id'),
            typedParam<number>(engine, 'gameId', 'integer').as('game_id'),
            typedParam<number>(engine, 'launchId', 'integer').as('launch_id'),
            typedParam<number>(engine, 'bet', 'bigint').as('bet'),
            typedParam<string>(engine, 'now', 'text').as('created_at'),
          ])
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('void_bets as v')
                  .select(sql.lit(1).as('one'))
                  .where('v.transaction_id', '=', param<string>('transactionId')),
              ),
            ),
          ),
      )
      .onConflict((c) => c.column('round_id').doNothing()),
  );
  const settleRound = prepareQuery(db, (b) =>
    b
      .updateTable('game_rounds')
      .set({
        win: param<number>('win'),
        status: sql.lit('settled'),
        result: param<string>('result'),
        settled_at: param<string>('now'),
      })
      .where('round_id', '=', param<string>('roundId'))
      .where('status', '=', sql.lit('open')),
  );
  const refundRound = prepareQuery(db, (b) =>
    b
      .updateTable('game_rounds')
      .set({ status: sql.lit('refunded'), result: sql.lit('Refunded'), settled_at: param<string>('now') })
      .where('round_id', '=', param<string>('roundId'))
      .where('status', '=', sql.lit('open')),
  );
  // A raise grows the round's stake only while the round is open and only for the launch that opened it.
  const raiseRound = prepareQuery(db, (b) =>
    b
      .updateTable('game_rounds')
      .set((e) => ({ bet: e('bet', '+', param<number>('amount')) }))
      .where('round_id', '=', param<string>('roundId'))
      .where('user_id', '=', param<number>('userId'))
      .where('launch_id', '=', param<number>('launchId'))
      .where('status', '=', sql.lit('open')),
  );
  const lowerRound = prepareQuery(db, (b) =>
    b
      .updateTable('game_rounds')
      .set((e) => ({ bet: e('bet', '-', param<number>('amount')) }))
      .where('round_id', '=', param<string>('roundId'))
      .where('status', '=', sql.lit('open')),
  );
  const insertRaise = prepareQuery(db, (b) =>
    b
      .insertInto('round_raises')
      .values({
        transaction_id: param<string>('transactionId'),
        round_id: param<string>('roundId'),
        user_id: param<number>('userId'),
        amount: param<number>('amount'),
        turnover: param<number>('turnover'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.column('transaction_id').doNothing()),
  );
  const raiseByTx = prepareQuery(db, (b) =>
    b
      .selectFrom('round_raises')
      .select(['transaction_id', 'round_id', 'user_id', 'amount', 'turnover', 'status'])
      .where('transaction_id', '=', param<string>('transactionId'))
      .$narrowType<{ status: RaiseRow['status'] }>(),
  );
  const raisesTaken = prepareQuery(db, (b) =>
    b
      .selectFrom('round_raises')
      .select(['transaction_id', 'round_id', 'user_id', 'amount', 'turnover', 'status'])
      .where('round_id', '=', param<string>('roundId'))
      .where('status', '=', sql.lit('taken'))
      .orderBy('id')
      .$narrowType<{ status: RaiseRow['status'] }>(),
  );
  const refundRaise = prepareQuery(db, (b) =>
    b
      .updateTable('round_raises')
      .set({ status: sql.lit('refunded'), refunded_at: param<string>('now') })
      .where('transaction_id', '=', param<string>('transactionId'))
      .where('status', '=', sql.lit('taken')),
  );
  // The literal 'open' lets both engines use the partial index game_rounds_open.
  const openRound = prepareQuery(db, (b) =>
    b
      .selectFrom('game_rounds')
      .select(sql<number>`1`.as('one'))
      .where('user_id', '=', param<number>('userId'))
      .where('status', '=', sql.lit('open'))
      .limit(sql.lit(1)),
  );
  // What the player's rounds opened since each of three instants (a, b, c) staked (bet, raises included, a
  // refunded raise taken off) and lost (stake minus win; an open round's stake counts as lost until it
  // settles), refunded rounds left out. Index game_rounds_user (user_id, created_at) from the earliest.
  // A raise made since an instant on a round opened before it is staked (and counted as lost: the round's win
  // counts in the round's own period) in the instant's period too: else a round opened before midnight could
  // be raised past the new day's limit as often as the game allows. Read from the player's rounds opened in
  // the day before the earliest instant (`since`; index game_rounds_user, then round_raises_round), so on
  // PostgreSQL the SERIALIZABLE read locks that range only, not the whole of round_raises.
  const stakedSince = prepareQuery(db, (b) => {
    const raised = (at: string) =>
      sql<number>`(select coalesce(sum(rr.amount), 0) from game_rounds r2 join round_raises rr on rr.round_id = r2.round_id where r2.user_id = ${param<number>('userId')} and r2.created_at >= ${param<string>('since')} and r2.created_at < ${param<string>(at)} and r2.status <> 'refunded' and rr.status = 'taken' and rr.created_at >= ${param<string>(at)})`;
    const staked = (at: string) =>
      sql<number>`coalesce(sum(case when created_at >= ${param<string>(at)} then bet else 0 end), 0) + ${raised(at)}`;
    const lost = (at: string) =>
      sql<number>`coalesce(sum(case when created_at >= ${param<string>(at)} then bet - win else 0 end), 0) + ${raised(at)}`;
    return b
      .selectFrom('game_rounds')
      .select([
        staked('a').as('wagered_a'),
        lost('a').as('lost_a'),
        staked('b').as('wagered_b'),
        lost('b').as('lost_b'),
        staked('c').as('wagered_c'),
        lost('c').as('lost_c'),
      ])
      .where('user_id', '=', param<number>('userId'))
      .where('created_at', '>=', param<string>('from'))
      .where('status', '<>', sql.lit('refunded'));
  });
  const roundsPage = prepareQuery(db, (b, engine) =>
    roundSelect(b)
      .where(roundFilter(engine))
      .orderBy('r.id', 'desc')
      .limit(param<number>('limit'))
      .offset(param<number>('offset')),
  );
  const roundsTotals = prepareQuery(db, (b, engine) =>
    b
      .selectFrom('game_rounds as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .select((e) => [e.fn.countAll<number>().as('count'), total('r.bet').as('bet'), total('r.win').as('win')])
      .where(roundFilter(engine)),
  );

  return {
    game: (id: number): Promise<PlayableGame | undefined> => game.get({ id }),
    insertLaunch: async (l: {
      userId: number;
      gameId: number;
      sessionId: number;
      launchHash: string;
      launchExpiresAt: string;
      language: string;
      now: string;
    }) => (await insertLaunch.get(l))!.id,
    /** The launch of a launch token, with what its game session stands on; `play_paused` at `now`. */
    byLaunchHash: (hash: string, now: string): Promise<LaunchRow | undefined> => byLaunchHash.get({ hash, now }),
    /** The launch of a game session token, with what it stands on; `play_paused` at `now`. */
    bySessionHash: (hash: string, now: string): Promise<LaunchRow | undefined> => bySessionHash.get({ hash, now }),
    /** Exchanges the launch token once; false when it was already used. */
    startSession: async (id: number, hash: string, expiresAt: string) =>
      (await startSession.run({ hash, expiresAt, id })).changes > 0,
    extendSession: (id: number, expiresAt: string) => extendSession.run({ expiresAt, id }),
    transaction: (id: string): Promise<TransactionRow | undefined> => transaction.get({ id }),
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
    round: (roundId: string): Promise<RoundRow | undefined> => round.get({ roundId }),
    /** Opens a round; false when the round id is taken (nothing inserted). */
    /** Opens a bet's round; false when the round id is taken or the bet's transaction id was rolled back (void). */
    insertRound: async (r: {
      transactionId: string;
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
    /** Adds a raise to the stake of an open round of this player and launch; false when there is none. */
    raiseRound: async (r: { roundId: string; userId: number; launchId: number; amount: number }) =>
      (await raiseRound.run(r)).changes > 0,
    /** Takes a refunded raise off the stake of its round, still open; false when it is not open. */
    lowerRound: async (roundId: string, amount: number) => (await lowerRound.run({ roundId, amount })).changes > 0,
    /** Records a raise; false when its transaction id is recorded already (nothing inserted). */
    insertRaise: async (r: {
      transactionId: string;
      roundId: string;
      userId: number;
      amount: number;
      turnover: number;
      now: string;
    }) => (await insertRaise.run(r)).changes === 1,
    raise: (transactionId: string): Promise<RaiseRow | undefined> => raiseByTx.get({ transactionId }),
    /** Whether a bet or raise of this transaction id was rolled back before the casino saw it (void_bets). */
    isVoidBet: async (transactionId: string) => (await voidBet.get({ transactionId })) !== undefined,
    /** Records that a bet or raise the casino never saw was rolled back: it is refused if it comes later. */
    insertVoidBet: (v: { transactionId: string; rollbackId: string; now: string }) => insertVoidBet.run(v),
    /** The raises a round still holds (not refunded), oldest first. */
    raisesTaken: (roundId: string): Promise<RaiseRow[]> => raisesTaken.all({ roundId }),
    /** Marks a raise refunded; false when it was already. */
    refundRaise: async (transactionId: string, now: string) =>
      (await refundRaise.run({ transactionId, now })).changes > 0,
    /** Whether the player has a round still open (bet, neither settled nor rolled back): index game_rounds_open. */
    hasOpenRound: async (userId: number) => (await openRound.get({ userId })) !== undefined,
    /** What the rounds opened since each instant staked and lost, in the order given (three instants). */
    stakedSince: async (userId: number, at: readonly [string, string, string]): Promise<StakedSince[]> => {
      const [a, b, c] = at;
      const from = [...at].sort()[0] as string;
      const since = new Date(Date.parse(from) - 86_400_000).toISOString();
      const row = (await stakedSince.get({ userId, a, b, c, from, since }))!;
      return [
        { wagered: Number(row.wagered_a), lost: Number(row.lost_a) },
        { wagered: Number(row.wagered_b), lost: Number(row.lost_b) },
        { wagered: Number(row.wagered_c), lost: Number(row.lost_c) },
      ];
    },
    roundsPage: (f: RoundFilter): Promise<RoundRow[]> => roundsPage.all(roundParams(f)),
    roundsTotals: async (f: RoundFilter) => (await roundsTotals.get(roundParams(f)))!,
  };
}
