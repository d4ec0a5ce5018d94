import { param, prepareQuery, sql } from '../../db/builder';
import type { Db } from '../../db/database';

export type PokerChance = 'free' | 'referral';

export interface PokerFeedRow {
  id: number;
  username: string;
  kind: 'draw' | 'grandPrize';
  card: string | null;
  amount: number | null;
  created_at: string;
}

export function createPokerRepo(db: Db) {
  const weights = prepareQuery(db, (b) => b.selectFrom('poker_odds').select(['card', 'weight']));
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('poker_settings').select('value').where('key', '=', param<string>('key')),
  );
  const cards = prepareQuery(db, (b) =>
    b.selectFrom('poker_cards').select(['card', 'owned']).where('user_id', '=', param<number>('userId')),
  );
  const owned = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_cards')
      .select('owned')
      .where('user_id', '=', param<number>('userId'))
      .where('card', '=', param<string>('card')),
  );
  const addCard = prepareQuery(db, (b) =>
    b
      .insertInto('poker_cards')
      .values({
        user_id: param<number>('userId'),
        card: param<string>('card'),
        owned: sql.lit(1),
        first_at: param<string>('now'),
        updated_at: param<string>('now'),
      })
      .onConflict((c) =>
        c.columns(['user_id', 'card']).doUpdateSet((e) => ({
          owned: e('poker_cards.owned', '+', sql.lit(1)),
          updated_at: param<string>('now'),
        })),
      ),
  );
  const collected = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_cards')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', param<number>('userId')),
  );
  const freeUsed = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_draws')
      .select(sql.lit(1).as('one'))
      .where('user_id', '=', param<number>('userId'))
      .where('day', '=', param<string>('day'))
      .where('chance', '=', sql.lit('free')),
  );
  const referralUsed = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_draws')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', param<number>('userId'))
      .where('chance', '=', sql.lit('referral')),
  );
  const referralEarned = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_referral_chances')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', param<number>('userId')),
  );
  const insertDraw = prepareQuery(db, (b) =>
    b
      .insertInto('poker_draws')
      .values({
        user_id: param<number>('userId'),
        card: param<string>('card'),
        chance: param<PokerChance>('chance'),
        day: param<string>('day'),
        duplicate: param<number>('duplicate'),
        completed: param<number>('completed'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const insertReferral = prepareQuery(db, (b) =>
    b
      .insertInto('poker_referral_chances')
      .values({
        referral_id: param<number>('referralId'),
        user_id: param<number>('superiorId'),
        order_no: param<string>('orderNo'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.column('referral_id').doNothing()),
  );
  const insertFeed = prepareQuery(db, (b) =>
    b.insertInto('poker_feed').values({
      user_id: param<number>('userId'),
      kind: param<PokerFeedRow['kind']>('kind'),
      card: param<string | null>('card'),
      amount: param<number | null>('amount'),
      created_at: param<string>('now'),
    }),
  );
  const feed = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_feed as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'u.username', 'f.kind', 'f.card', 'f.amount', 'f.created_at'])
      .orderBy('f.id', 'desc')
      .limit(param<number>('limit'))
      .$narrowType<{ kind: PokerFeedRow['kind'] }>(),
  );
  const freeDrawersOn = prepareQuery(db, (b) =>
    b
      .selectFrom('poker_draws')
      .select('user_id')
      .distinct()
      .where('chance', '=', sql.lit('free'))
      .where('day', 'in', [param<string>('dayA'), param<string>('dayB')]),
  );

  return {
    weights: () => weights.all(),
    setting: async (key: string) => (await setting.get({ key }))?.value,
    cards: (userId: number) => cards.all({ userId }),
    owned: async (userId: number, card: string) => (await owned.get({ userId, card }))?.owned ?? 0,
    addCard: (userId: number, card: string, now: string) => addCard.run({ userId, card, now }),
    collected: async (userId: number) => (await collected.get({ userId }))?.n ?? 0,
    freeUsedOn: async (userId: number, day: string) => (await freeUsed.get({ userId, day })) !== undefined,
    referralLeft: async (userId: number) =>
      ((await referralEarned.get({ userId }))?.n ?? 0) - ((await referralUsed.get({ userId }))?.n ?? 0),
    insertDraw: async (d: {
      userId: number;
      card: string;
      chance: PokerChance;
      day: string;
      duplicate: boolean;
      completed: boolean;
      now: string;
    }) =>
      // RETURNING answers the row it inserted.
      (await insertDraw.get({ ...d, duplicate: d.duplicate ? 1 : 0, completed: d.completed ? 1 : 0 }))!.id,
    /** One chance per referral, ever: false when this referral already gave one. */
    addReferralChance: async (referralId: number, superiorId: number, orderNo: string, now: string) =>
      (await insertReferral.run({ referralId, superiorId, orderNo, now })).changes === 1,
    addFeed: (f: {
      userId: number;
      kind: 'draw' | 'grandPrize';
      card: string | null;
      amount: number | null;
      now: string;
    }) => insertFeed.run(f),
    feed: (limit: number): Promise<PokerFeedRow[]> => feed.all({ limit }),
    /** Players who used the free draw of one of these Manila days. */
    freeDrawersOn: async (dayA: string, dayB: string) =>
      (await freeDrawersOn.all({ dayA, dayB })).map((row) => row.user_id),
  };
}

export type PokerRepo = ReturnType<typeof createPokerRepo>;
