import type { Selectable } from 'kysely';
import { param, prepareQuery } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type PondSeat = Selectable<DB['provider_pond_seats']>;

/** The fishing ponds' book: each title's committed pond seed and the seats at its pond (0063_fishing_pond). */
export function createPondRepo(db: Db) {
  const insertPond = prepareQuery(db, (b) =>
    b
      .insertInto('provider_ponds')
      .values({
        title: param<string>('title'),
        seed: param<string>('seed'),
        seed_hash: param<string>('hash'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.column('title').doNothing()),
  );
  const pondOf = prepareQuery(db, (b) =>
    b.selectFrom('provider_ponds').select(['seed', 'seed_hash']).where('title', '=', param<string>('title')),
  );
  // A seat is taken or refreshed by the page's poll: its level and when it was last seen.
  const sit = prepareQuery(db, (b) =>
    b
      .insertInto('provider_pond_seats')
      .values({
        title: param<string>('title'),
        player_id: param<number>('playerId'),
        nickname: param<string>('nickname'),
        level: param<number>('level'),
        seen_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.columns(['title', 'player_id']).doUpdateSet((e) => ({
          nickname: e.ref('excluded.nickname'),
          level: e.ref('excluded.level'),
          seen_at: e.ref('excluded.seen_at'),
        })),
      ),
  );
  // The one shot in flight: taken only when none is (or the last one's claim ran out, after a crash).
  const claim = prepareQuery(db, (b) =>
    b
      .updateTable('provider_pond_seats')
      .set({ busy_until: param<string>('until') })
      .where('title', '=', param<string>('title'))
      .where('player_id', '=', param<number>('playerId'))
      .where((e) => e.or([e('busy_until', 'is', null), e('busy_until', '<', param<string>('now'))])),
  );
  const seat = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_pond_seats')
      .selectAll()
      .where('title', '=', param<string>('title'))
      .where('player_id', '=', param<number>('playerId')),
  );
  // Lets go of this claim only (a claim that ran out and was taken again by a later shot stays).
  const release = prepareQuery(db, (b) =>
    b
      .updateTable('provider_pond_seats')
      .set({ busy_until: null })
      .where('title', '=', param<string>('title'))
      .where('player_id', '=', param<number>('playerId'))
      .where('busy_until', '=', param<string>('until')),
  );
  const saveShots = prepareQuery(db, (b) =>
    b
      .updateTable('provider_pond_seats')
      .set({ shots: param<string>('shots'), busy_until: null, seen_at: param<string>('now') })
      .where('title', '=', param<string>('title'))
      .where('player_id', '=', param<number>('playerId'))
      .where('busy_until', '=', param<string>('until')),
  );
  const seated = prepareQuery(db, (b) =>
    b
      .selectFrom('provider_pond_seats')
      .select(['player_id', 'nickname', 'level', 'shots'])
      .where('title', '=', param<string>('title'))
      .where('seen_at', '>=', param<string>('since'))
      .orderBy('player_id')
      .limit(9),
  );

  return {
    /** The title's pond seed: the first one written wins, every process reads that one. */
    pond: async (title: string, fresh: { seed: string; hash: string }, now: string) => {
      const found = await pondOf.get({ title });
      if (found) return found;
      await insertPond.run({ title, ...fresh, now });
      return (await pondOf.get({ title })) as { seed: string; seed_hash: string };
    },
    sit: (seat: { title: string; playerId: number; nickname: string; level: number; now: string }) =>
      sit.run({ ...seat }),
    /** Whether this shot holds the seat's one shot in flight (false: another is on its way). */
    claim: async (title: string, playerId: number, now: string, until: string) =>
      (await claim.run({ title, playerId, now, until })).changes > 0,
    seat: (title: string, playerId: number) => seat.get({ title, playerId }),
    release: (title: string, playerId: number, until: string) => release.run({ title, playerId, until }),
    /** Writes the seat's last shots and lets go of the shot's claim in one statement. */
    saveShots: (title: string, playerId: number, until: string, shots: string, now: string) =>
      saveShots.run({ title, playerId, until, shots, now }),
    /** The seats seen since `since`, in seat order. */
    seated: (title: string, since: string) => seated.all({ title, since }),
  };
}
