import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type ProviderRound = Selectable<DB['provider_rounds']>;
export type SeedRow = Selectable<DB['provider_seeds']>;
export type TableDrawRow = Selectable<DB['provider_table_draws']>;
export type SessionRow = Selectable<DB['provider_sessions']>;

export interface NewRound {
  roundId: string;
  family: string;
  title: string;
  sessionToken: string;
  betTx: string;
  winTx: string;
  bet: number;
  win: number;
  outcome: string;
  result: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  params: string;
  done: number;
  now: string;
}

export interface RoundSteps {
  roundId: string;
  /** The actions the caller read: the write happens only if nobody changed them since. */
  before: string;
  actions: string;
  done: number;
  win: number;
  result: string;
  outcome: string;
  now: string;
}

/** The provider's own book: its rounds and its players' seed pairs (tables of its own in the same database). */
export function createProviderRepo(db: Db) {
  const insertRound = prepareQuery(db, (b) =>
    b.insertInto('provider_rounds').values({
      round_id: param('roundId'),
      game: param('family'),
      title: param('title'),
      session_token: param('sessionToken'),
      bet_transaction_id: param('betTx'),
      win_transaction_id: param('winTx'),
      bet: param('bet'),
      win: param('win'),
      outcome: param('outcome'),
      result: param('result'),
      state: 'betting',
      server_seed_hash: param('serverSeedHash'),
      client_seed: param('clientSeed'),
      nonce: param('nonce'),
      params: param('params'),
      actions: '[]',
      done: param('done'),
      created_at: param('now'),
      updated_at: param('now'),
    }),
  );
  const setState = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({ state: param<ProviderRound['state']>('state'), updated_at: param<string>('now') })
      .where('round_id', '=', param<string>('roundId')),
  );
  const roundById = prepareQuery(db, (b) =>
    b.selectFrom('provider_rounds').selectAll().where('round_id', '=', param<string>('roundId')),
  );
  const step = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({
        actions: param<string>('actions'),
        done: param<number>('done'),
        win: param<number>('win'),
        result: param<string>('result'),
        outcome: param<string>('outcome'),
        updated_at: param<string>('now'),
      })
      .where('round_id', '=', param<string>('roundId'))
      .where('actions', '=', param<string>('before'))
      .where('done', '=', sql.lit(0))
      .where('state', '=', sql.lit('bet_placed'))
      // Never over a raise on its way to the wallet: its action is the one written next.
      .where('raise_pending', 'is', null),
  );
  // A raise's action: written by the raise that claimed the round, with the round's stake grown.
  const stepRaised = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set((e) => ({
        actions: param<string>('actions'),
        done: param<number>('done'),
        win: param<number>('win'),
        result: param<string>('result'),
        outcome: param<string>('outcome'),
        bet: e('bet', '+', param<number>('raised')),
        raise_pending: sql.lit(null),
        updated_at: param<string>('now'),
      }))
      .where('round_id', '=', param<string>('roundId'))
      .where('actions', '=', param<string>('before'))
      .where('done', '=', sql.lit(0))
      .where('state', '=', sql.lit('bet_placed'))
      .where('raise_pending', '=', param<string>('raiseTx')),
  );
  const claimRaise = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({ raise_pending: param<string>('raiseTx'), updated_at: param<string>('now') })
      .where('round_id', '=', param<string>('roundId'))
      .where('actions', '=', param<string>('before'))
      .where('done', '=', sql.lit(0))
      .where('state', '=', sql.lit('bet_placed'))
      .where('raise_pending', 'is', null),
  );
  const releaseRaise = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({ raise_pending: sql.lit(null) })
      .where('round_id', '=', param<string>('roundId'))
      .where('raise_pending', '=', param<string>('raiseTx')),
  );
  // Constants stay literals (sql.lit), as the partial index provider_rounds_open's predicate needs to match.
  // An open stepped round waits `openCutoff` (a player thinking); any other unfinished round `cutoff`.
  const unfinished = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_rounds')
      .selectAll()
      .where('state', 'in', [sql.lit<'betting'>('betting'), sql.lit<'bet_placed'>('bet_placed')])
      .where((e) =>
        e(
          'updated_at',
          '<=',
          e
            .case()
            .when(e.and([e('state', '=', sql.lit('bet_placed')), e('done', '=', sql.lit(0))]))
            .then(param<string>('openCutoff'))
            .else(param<string>('cutoff'))
            .end(),
        ),
      )
      .orderBy('id'),
  );

  const seedInUse = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_seeds')
      .selectAll()
      .where('player_id', '=', param<number>('playerId'))
      .where('title', '=', param<string>('title'))
      .where('revealed_at', 'is', null),
  );
  const insertSeed = prepareQuery(db, (b) =>
    b
      .insertInto('provider_seeds')
      .values({
        player_id: param('playerId'),
        title: param('title'),
        server_seed: param('serverSeed'),
        server_seed_hash: param('serverSeedHash'),
        client_seed: param('clientSeed'),
        next_server_seed: param('nextServerSeed'),
        next_server_seed_hash: param('nextServerSeedHash'),
        created_at: param('now'),
      })
      .returningAll(),
  );
  const setNextSeed = prepareQuery(db, (b) =>
    b
      .updateTable('provider_seeds')
      .set({ next_server_seed: param<string>('seed'), next_server_seed_hash: param<string>('hash') })
      .where('id', '=', param<number>('id'))
      .where('next_server_seed', 'is', null),
  );
  const seedById = prepareQuery(db, (b) =>
    b.selectFrom('provider_seeds').selectAll().where('id', '=', param<number>('id')),
  );
  // Only a pair still in use moves on: a nonce taken from a pair a rotation just revealed would be public.
  const bumpNonce = prepareQuery(db, (b) =>
    b
      .updateTable('provider_seeds')
      .set((e) => ({ nonce: e('nonce', '+', 1) }))
      .where('id', '=', param<number>('id'))
      .where('revealed_at', 'is', null)
      .returning('nonce'),
  );
  const revealSeed = prepareQuery(db, (b) =>
    b
      .updateTable('provider_seeds')
      .set({ revealed_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('revealed_at', 'is', null),
  );
  const lastRevealed = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_seeds')
      .selectAll()
      .where('player_id', '=', param<number>('playerId'))
      .where('title', '=', param<string>('title'))
      .where('revealed_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1),
  );
  const seedByHash = prepareQuery(db, (b) =>
    b.selectFrom('provider_seeds').selectAll().where('server_seed_hash', '=', param<string>('hash')),
  );
  const openRoundOn = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_rounds')
      .select((e) => e.lit(1).as('open'))
      .where('server_seed_hash', '=', param<string>('hash'))
      .where('state', 'in', [sql.lit<'betting'>('betting'), sql.lit<'bet_placed'>('bet_placed')])
      .limit(1),
  );

  // A shared table's cycles (migration 0062): the row commits the cycle's seed; the draw is written once.
  const openCycle = prepareQuery(db, (b) =>
    b
      .insertInto('provider_table_draws')
      .values({
        title: param('title'),
        n: param('n'),
        server_seed: param('serverSeed'),
        server_seed_hash: param('serverSeedHash'),
        client_seed: param('clientSeed'),
        nonce: param('nonce'),
        opened_at: param('now'),
      })
      .onConflict((oc) => oc.columns(['title', 'n']).doNothing()),
  );
  const cycle = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_table_draws')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .where('n', '=', param<number>('n')),
  );
  const drawCycle = prepareQuery(db, (b) =>
    b
      .updateTable('provider_table_draws')
      .set({ draw: param<string>('draw'), facts: param<string>('facts'), drawn_at: param<string>('now') })
      .where('title', '=', param<string>('title'))
      .where('n', '=', param<number>('n'))
      .where('drawn_at', 'is', null),
  );
  // A bet's mark on its cycle, in the bet's transaction: none once the cycle is drawn.
  const betOnCycle = prepareQuery(db, (b) =>
    b
      .updateTable('provider_table_draws')
      .set({ has_bets: sql.lit(1) })
      .where('title', '=', param<string>('title'))
      .where('n', '=', param<number>('n'))
      .where('drawn_at', 'is', null),
  );
  const lastDrawn = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_table_draws')
      .select((e) => e.fn.max('n').as('n'))
      .where('title', '=', param<string>('title'))
      .where('drawn_at', 'is not', null),
  );
  const firstOpen = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_table_draws')
      .select((e) => e.fn.min('n').as('n'))
      .where('title', '=', param<string>('title'))
      .where('drawn_at', 'is', null),
  );
  const history = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_table_draws')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .where('drawn_at', 'is not', null)
      .orderBy('n', 'desc')
      .limit(param<number>('limit')),
  );
  const pruneCycles = prepareQuery(db, (b) =>
    b
      .deleteFrom('provider_table_draws')
      .where('title', '=', param<string>('title'))
      .where('n', '<', param<number>('before'))
      .where('has_bets', '=', sql.lit(0))
      .where('drawn_at', 'is not', null),
  );
  const takeSeat = prepareQuery(db, (b) =>
    b
      .insertInto('provider_table_seats')
      .values({ title: param('title'), n: param('n'), player_id: param('playerId'), round_id: param('roundId') })
      .onConflict((c) => c.columns(['title', 'n', 'player_id']).doNothing()),
  );
  const giveSeatBack = prepareQuery(db, (b) =>
    b
      .deleteFrom('provider_table_seats')
      .where('title', '=', param<string>('title'))
      .where('n', '=', param<number>('n'))
      .where('player_id', '=', param<number>('playerId'))
      .where('round_id', '=', param<string>('roundId')),
  );
  const cycleStakes = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_table_seats as s')
      .innerJoin('provider_rounds as r', 'r.round_id', 's.round_id')
      .select(['r.bet', 'r.params'])
      .where('s.title', '=', param<string>('title'))
      .where('s.n', '=', param<number>('n'))
      // Taken by the wallet: a seat whose bet is still on its way there (or was refused) is not a bet yet.
      .where('r.state', 'in', [sql.lit<'bet_placed'>('bet_placed'), sql.lit<'settled'>('settled')]),
  );
  const cycleByHash = prepareQuery(db, (b) =>
    b.selectFrom('provider_table_draws').selectAll().where('server_seed_hash', '=', param<string>('hash')).limit(1),
  );

  // The game pages' sessions (migration 0067): written once when a page opens, never changed.
  const insertSession = prepareQuery(db, (b) =>
    b.insertInto('provider_sessions').values({
      id: param('id'),
      session_token: param('sessionToken'),
      title: param('title'),
      player_id: param('playerId'),
      language: param('language'),
      nickname: param('nickname'),
      created_at: param('now'),
    }),
  );
  const sessionById = prepareQuery(db, (b) =>
    b.selectFrom('provider_sessions').selectAll().where('id', '=', param<string>('id')),
  );
  const deleteSession = prepareQuery(db, (b) =>
    b.deleteFrom('provider_sessions').where('id', '=', param<string>('id')),
  );
  const deleteSessionsBefore = prepareQuery(db, (b) =>
    b.deleteFrom('provider_sessions').where('created_at', '<', param<string>('before')),
  );

  return {
    insertSession: (row: {
      id: string;
      sessionToken: string;
      title: string;
      playerId: number;
      language: string;
      nickname: string;
      now: string;
    }) => insertSession.run({ ...row }),
    session: (id: string) => sessionById.get({ id }),
    deleteSession: (id: string) => deleteSession.run({ id }),
    /** Deletes the sessions opened before `before`; answers how many. */
    deleteSessionsBefore: async (before: string) => (await deleteSessionsBefore.run({ before })).changes,

    /** Commits a table cycle's seed unless another call (or process) did: read the row back for the seed in force. */
    openCycle: (c: {
      title: string;
      n: number;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      now: string;
    }) => openCycle.run({ ...c }),
    cycle: (title: string, n: number) => cycle.get({ title, n }),
    /** Writes a cycle's draw; false when it was drawn already (by this process or another). */
    drawCycle: async (c: { title: string; n: number; draw: string; facts: string; now: string }) =>
      (await drawCycle.run({ ...c })).changes > 0,
    /** Marks a bet on an undrawn cycle; false when the cycle is drawn (or unknown): the bet is refused. */
    betOnCycle: async (title: string, n: number) => (await betOnCycle.run({ title, n })).changes > 0,
    lastDrawn: async (title: string) => {
      const n = (await lastDrawn.get({ title }))?.n;
      return n === null || n === undefined ? undefined : Number(n);
    },
    firstOpen: async (title: string) => {
      const n = (await firstOpen.get({ title }))?.n;
      return n === null || n === undefined ? undefined : Number(n);
    },
    /** The table's last `limit` drawn cycles, newest first (never one not drawn: its seed is secret). */
    history: (title: string, limit: number) => history.all({ title, limit }),
    /** Drops drawn cycles before `before` that no bet was placed on (those stay: they verify the rounds). */
    pruneCycles: (title: string, before: number) => pruneCycles.run({ title, before }),
    cycleByHash: (hash: string) => cycleByHash.get({ hash }),
    /** The player's one bet of a table cycle, on any process: false when the seat is already taken. */
    takeSeat: async (seat: { title: string; n: number; playerId: number; roundId: string }) =>
      (await takeSeat.run(seat)).changes > 0,
    /** Every bet of a table cycle the wallet took, on any process: its stake and its page parameters (the chips). */
    cycleStakes: (title: string, n: number) => cycleStakes.all({ title, n }),
    /** A bet the wallet refused gives its cycle's seat back. */
    giveSeatBack: (seat: { title: string; n: number; playerId: number; roundId: string }) => giveSeatBack.run(seat),

    insertRound: (round: NewRound) => insertRound.run({ ...round }),
    setRoundState: (roundId: string, state: ProviderRound['state'], now: string) =>
      setState.run({ roundId, state, now }),
    round: (roundId: string) => roundById.get({ roundId }),
    /** Whether the steps were written (false: another call changed the round first). */
    saveSteps: async (steps: RoundSteps) => (await step.run({ ...steps })).changes > 0,
    /** Writes the action of the raise `raiseTx` claimed, adding `raised` to the round's stake. */
    saveRaisedSteps: async (steps: RoundSteps & { raiseTx: string; raised: number }) =>
      (await stepRaised.run({ ...steps })).changes > 0,
    /** Holds the round for one raise on its way to the wallet; false when it moved on or another is pending. */
    claimRaise: async (roundId: string, before: string, raiseTx: string, now: string) =>
      (await claimRaise.run({ roundId, before, raiseTx, now })).changes > 0,
    /** Lets go of a raise that was refused or rolled back. */
    releaseRaise: (roundId: string, raiseTx: string) => releaseRaise.run({ roundId, raiseTx }),
    unfinished: (cutoff: string, openCutoff: string) => unfinished.all({ cutoff, openCutoff }),

    seedInUse: (playerId: number, title: string) => seedInUse.get({ playerId, title }),
    insertSeed: async (seed: {
      playerId: number;
      title: string;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nextServerSeed: string;
      nextServerSeedHash: string;
      now: string;
    }) => (await insertSeed.get({ ...seed })) as SeedRow,
    setNextSeed: (id: number, seed: string, hash: string) => setNextSeed.run({ id, seed, hash }),
    seed: (id: number) => seedById.get({ id }),
    /** The pair's next nonce, or undefined when the pair was revealed meanwhile. */
    bumpNonce: async (id: number) => (await bumpNonce.get({ id }))?.nonce,
    revealSeed: (id: number, now: string) => revealSeed.run({ id, now }),
    lastRevealed: (playerId: number, title: string) => lastRevealed.get({ playerId, title }),
    seedByHash: (hash: string) => seedByHash.get({ hash }),
    /** Whether a round drawn from the pair behind `hash` is still open (betting or bet placed). */
    roundOpenOn: async (hash: string) => (await openRoundOn.get({ hash })) !== undefined,
  };
}

export type ProviderRepo = ReturnType<typeof createProviderRepo>;
