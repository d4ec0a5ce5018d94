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
  const weights = db.prepare('SELECT card, weight FROM poker_odds');
  const setting = db.prepare('SELECT value FROM poker_settings WHERE key = ?').pluck();
  const cards = db.prepare('SELECT card, owned FROM poker_cards WHERE user_id = ?');
  const owned = db.prepare('SELECT owned FROM poker_cards WHERE user_id = ? AND card = ?').pluck();
  const addCard = db.prepare(
    `INSERT INTO poker_cards (user_id, card, owned, first_at, updated_at) VALUES (@userId, @card, 1, @now, @now)
     ON CONFLICT (user_id, card) DO UPDATE SET owned = poker_cards.owned + 1, updated_at = @now`,
  );
  const collected = db.prepare('SELECT COUNT(*) FROM poker_cards WHERE user_id = ?').pluck();
  const freeUsed = db.prepare(`SELECT 1 FROM poker_draws WHERE user_id = ? AND day = ? AND chance = 'free'`).pluck();
  const referralUsed = db.prepare(`SELECT COUNT(*) FROM poker_draws WHERE user_id = ? AND chance = 'referral'`).pluck();
  const referralEarned = db.prepare('SELECT COUNT(*) FROM poker_referral_chances WHERE user_id = ?').pluck();
  const insertDraw = db.prepare(
    `INSERT INTO poker_draws (user_id, card, chance, day, duplicate, completed, created_at)
     VALUES (@userId, @card, @chance, @day, @duplicate, @completed, @now)
     RETURNING id`,
  );
  const insertReferral = db.prepare(
    `INSERT INTO poker_referral_chances (referral_id, user_id, order_no, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (referral_id) DO NOTHING`,
  );
  const insertFeed = db.prepare(
    `INSERT INTO poker_feed (user_id, kind, card, amount, created_at) VALUES (@userId, @kind, @card, @amount, @now)`,
  );
  const feed = db.prepare(
    `SELECT f.id, u.username, f.kind, f.card, f.amount, f.created_at
     FROM poker_feed f JOIN users u ON u.id = f.user_id ORDER BY f.id DESC LIMIT ?`,
  );
  const freeDrawersOn = db
    .prepare(`SELECT DISTINCT user_id FROM poker_draws WHERE chance = 'free' AND day IN (?, ?)`)
    .pluck();

  return {
    weights: async () => (await weights.all()) as { card: string; weight: number }[],
    setting: (key: string) => setting.get(key) as Promise<string | undefined>,
    cards: async (userId: number) => (await cards.all(userId)) as { card: string; owned: number }[],
    owned: async (userId: number, card: string) => ((await owned.get(userId, card)) as number | undefined) ?? 0,
    addCard: (userId: number, card: string, now: string) => addCard.run({ userId, card, now }),
    collected: async (userId: number) => Number(await collected.get(userId)),
    freeUsedOn: async (userId: number, day: string) => (await freeUsed.get(userId, day)) === 1,
    referralLeft: async (userId: number) =>
      Number(await referralEarned.get(userId)) - Number(await referralUsed.get(userId)),
    insertDraw: async (d: {
      userId: number;
      card: string;
      chance: PokerChance;
      day: string;
      duplicate: boolean;
      completed: boolean;
      now: string;
    }) =>
      (
        (await insertDraw.get({ ...d, duplicate: d.duplicate ? 1 : 0, completed: d.completed ? 1 : 0 })) as {
          id: number;
        }
      ).id,
    /** One chance per referral, ever: false when this referral already gave one. */
    addReferralChance: async (referralId: number, superiorId: number, orderNo: string, now: string) =>
      (await insertReferral.run(referralId, superiorId, orderNo, now)).changes === 1,
    addFeed: (f: {
      userId: number;
      kind: 'draw' | 'grandPrize';
      card: string | null;
      amount: number | null;
      now: string;
    }) => insertFeed.run(f),
    feed: (limit: number) => feed.all(limit) as Promise<PokerFeedRow[]>,
    /** Players who used the free draw of one of these Manila days. */
    freeDrawersOn: (dayA: string, dayB: string) => freeDrawersOn.all(dayA, dayB) as Promise<number[]>,
  };
}

export type PokerRepo = ReturnType<typeof createPokerRepo>;
