import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type CrashRoundRow = Selectable<DB['provider_crash_rounds']>;
export type CrashBetRow = Selectable<DB['provider_crash_bets']>;

/** A bet with what settles it: its round's seeds and times. */
export interface CrashBetInRound extends CrashBetRow {
  title: string;
  n: number;
  server_seed: string;
  client_seed: string;
  flight_at: number;
  crash_at: number;
}

/**
 * The shared crash rounds' book (tables provider_crash_rounds and provider_crash_bets, migration 0061): the
 * rounds written insert-or-read on (title, n), the bets one per player per round, and the conditional writes
 * that settle each bet once, with its provider round, whichever process or request gets there first.
 */
export function createCrashRepo(db: Db) {
  const latest = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_crash_rounds')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .orderBy('n', 'desc')
      .limit(1),
  );
  const byTitleN = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_crash_rounds')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .where('n', '=', param<number>('n')),
  );
  const insertRound = prepareQuery(db, (b) =>
    b
      .insertInto('provider_crash_rounds')
      .values({
        title: param('title'),
        n: param('n'),
        server_seed: param('serverSeed'),
        server_seed_hash: param('serverSeedHash'),
        client_seed: param('clientSeed'),
        starts_at: param('startsAt'),
        flight_at: param('flightAt'),
        crash_at: param('crashAt'),
        created_at: param('now'),
      })
      .onConflict((c) => c.columns(['title', 'n']).doNothing()),
  );
  const byHash = prepareQuery(db, (b) =>
    b.selectFrom('provider_crash_rounds').selectAll().where('server_seed_hash', '=', param<string>('hash')),
  );
  const crashedBefore = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_crash_rounds')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .where('crash_at', '<=', param<number>('now'))
      .orderBy('n', 'desc')
      .limit(param<number>('limit')),
  );
  const openCrashed = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_crash_rounds')
      .selectAll()
      .where('state', '=', sql.lit('open'))
      .where('crash_at', '<=', param<number>('now'))
      // Through the partial index provider_crash_rounds_open (state a literal, as its predicate).
      .orderBy('crash_at'),
  );
  const reveal = prepareQuery(db, (b) =>
    b
      .updateTable('provider_crash_rounds')
      .set({ point: param<number>('point'), state: sql.lit('crashed') })
      .where('id', '=', param<number>('id'))
      .where('state', '=', sql.lit('open')),
  );

  const insertBet = prepareQuery(db, (b) =>
    b
      .insertInto('provider_crash_bets')
      .values({
        crash_round_id: param('crashRoundId'),
        player_id: param('playerId'),
        nickname: param('nickname'),
        round_id: param('roundId'),
        stake: param('stake'),
        target: param('target'),
        created_at: param('now'),
      })
      .onConflict((c) => c.columns(['crash_round_id', 'player_id']).doNothing()),
  );
  const placeBet = prepareQuery(db, (b) =>
    b
      .updateTable('provider_crash_bets')
      .set({ state: sql.lit('placed') })
      .where('round_id', '=', param<string>('roundId'))
      .where('state', '=', sql.lit('pending')),
  );
  const dropBet = prepareQuery(db, (b) =>
    b
      .deleteFrom('provider_crash_bets')
      .where('round_id', '=', param<string>('roundId'))
      .where('state', '=', sql.lit('pending')),
  );
  const betsOf = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_crash_bets')
      .selectAll()
      .where('crash_round_id', '=', param<number>('crashRoundId'))
      .where('state', '!=', sql.lit('pending'))
      .orderBy('id'),
  );
  const withRound = (b: Parameters<Parameters<typeof prepareQuery>[1]>[0]) =>
    b
      .selectFrom('provider_crash_bets as b')
      .innerJoin('provider_crash_rounds as r', 'r.id', 'b.crash_round_id')
      .selectAll('b')
      .select(['r.title', 'r.n', 'r.server_seed', 'r.client_seed', 'r.flight_at', 'r.crash_at']);
  const lastBetOf = prepareQuery(db, (b) =>
    withRound(b)
      .where('r.title', '=', param<string>('title'))
      .where('b.player_id', '=', param<number>('playerId'))
      .orderBy('r.n', 'desc')
      .limit(1),
  );
  // Placed bets of rounds in flight or crashed: an auto cash-out reached or a crash passed settles them.
  const due = prepareQuery(db, (b) =>
    withRound(b)
      .where('b.state', '=', sql.lit('placed'))
      .where('r.flight_at', '<=', param<number>('now'))
      // Through the partial index provider_crash_bets_placed: only bets still to settle are read.
      .orderBy('b.crash_round_id'),
  );
  const settleBet = prepareQuery(db, (b) =>
    b
      .updateTable('provider_crash_bets')
      .set({
        state: sql.lit('settled'),
        win: param<number>('win'),
        cashed_at: param<number | null>('cashedAt'),
        settled_at: param<string>('now'),
      })
      .where('round_id', '=', param<string>('roundId'))
      .where('state', '=', sql.lit('placed')),
  );
  // The provider round's result, written with the bet's settlement (recover pays it if the process stops).
  const finishRound = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({
        params: param<string>('params'),
        done: sql.lit(1),
        win: param<number>('win'),
        result: param<string>('result'),
        outcome: param<string>('outcome'),
        updated_at: param<string>('now'),
      })
      .where('round_id', '=', param<string>('roundId'))
      .where('done', '=', sql.lit(0))
      .where('state', '=', sql.lit('bet_placed')),
  );
  const markPlaced = prepareQuery(db, (b) =>
    b
      .updateTable('provider_rounds')
      .set({ state: sql.lit('bet_placed'), updated_at: param<string>('now') })
      .where('round_id', '=', param<string>('roundId'))
      .where('state', '=', sql.lit('betting')),
  );

  return {
    latest: (title: string) => latest.get({ title }),
    round: (title: string, n: number) => byTitleN.get({ title, n }),
    /** Inserts round n unless another request or process did first; either way answers the stored one. */
    insertOrRead: async (r: {
      title: string;
      n: number;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      startsAt: number;
      flightAt: number;
      crashAt: number;
      now: string;
    }) => {
      await insertRound.run({ ...r });
      return (await byTitleN.get({ title: r.title, n: r.n })) as CrashRoundRow;
    },
    byHash: (hash: string) => byHash.get({ hash }),
    crashedBefore: (title: string, now: number, limit: number) => crashedBefore.all({ title, now, limit }),
    openCrashed: (now: number) => openCrashed.all({ now }),
    reveal: async (id: number, point: number) => (await reveal.run({ id, point })).changes > 0,

    /** False when the player already has a bet on the round (another tab, another process). */
    insertBet: async (bet: {
      crashRoundId: number;
      playerId: number;
      nickname: string;
      roundId: string;
      stake: number;
      target: number | null;
      now: string;
    }) => (await insertBet.run({ ...bet })).changes > 0,
    /** The wallet took the stake: the bet and its provider round are placed together. */
    placeBet: async (roundId: string, now: string) => {
      // A provider round voided meanwhile (recover gave up on a bet that hung) leaves the bet out of play.
      if ((await markPlaced.run({ roundId, now })).changes > 0) await placeBet.run({ roundId });
    },
    dropBet: (roundId: string) => dropBet.run({ roundId }),
    betsOf: (crashRoundId: number) => betsOf.all({ crashRoundId }),
    lastBetOf: (title: string, playerId: number) =>
      lastBetOf.get({ title, playerId }) as Promise<CrashBetInRound | undefined>,
    due: (now: number) => due.all({ now }) as Promise<CrashBetInRound[]>,
    /** Whether this call settled the bet (false: another request or process did first). */
    settleBet: async (s: { roundId: string; win: number; cashedAt: number | null; now: string }) =>
      (await settleBet.run({ ...s })).changes > 0,
    finishRound: async (f: {
      roundId: string;
      params: string;
      win: number;
      result: string;
      outcome: string;
      now: string;
    }) => (await finishRound.run({ ...f })).changes > 0,
  };
}

export type CrashRepo = ReturnType<typeof createCrashRepo>;
