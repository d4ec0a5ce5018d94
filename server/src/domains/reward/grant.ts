import { Code } from '../../../../shared/codes';
import type { Reward } from '../../../../shared/contract/reward';
import { toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import { param, prepareQuery, sql } from '../../db/builder';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import type { JournalType } from '../ledger/journal-types';
import type { LedgerService } from '../ledger/service';
import type { RewardWagering } from './wagering-policy';

/**
 * A reward inside the server: cash in integer centavos, everything else in whole units.
 * A coupon names its template (`coupon`), granted `amount` times.
 */
export type GrantedReward =
  | { type: 'cash'; amount: number; info?: string }
  | { type: 'point'; amount: number; info?: string }
  | { type: 'energy'; amount: number; info?: string }
  | { type: 'coupon'; amount: number; coupon: string; info?: string }
  | { type: 'other'; amount: number; info?: string };

export interface Grant {
  /** The claim's identity: reward and period, e.g. `vip.daily:2026-11-20`, `letter:42`, `code:WELCOME`. */
  key: string;
  /** The domain that grants it (vip, friend, ranking, poker, code, mall, letter, task...). */
  source: string;
  rewards: GrantedReward[];
  /** Journal type of cash and points (default reward). */
  journalType?: JournalType;
  /** Cash must be turned over this many times before a withdrawal (e.g. 10 for sign-up deposit rewards). */
  turnoverMultiple?: number;
  remark?: string;
}

/** The wire form of a reward (spec section 3): cash in pesos, the rest in units. */
export const toWireReward = (r: GrantedReward): Reward => ({
  type: r.type,
  amount: r.type === 'cash' ? toPesos(r.amount) : r.amount,
  ...(r.info ? { info: r.info } : {}),
});

/**
 * The one way any domain hands a player a reward: once per (player, key), in one transaction with the
 * ledger postings, coupons and energy it implies. A second claim of the same key, concurrent or replayed,
 * throws REWARD_ALREADY_CLAIMED and moves nothing.
 */
export function createRewardGrants(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  events: EventBus;
  grantCoupon: (userId: number, template: string, source: string) => Promise<unknown>;
  /** The turnover multiples of farmable cash (codes, VIP cash, ranking prizes), read at start. */
  wagering: RewardWagering;
  /** A guest account (no phone, no password): it may not collect cash (docs/rewards.md). */
  isGuest: (userId: number) => Promise<boolean>;
}) {
  const { db, clock, ledger } = deps;
  const insertClaim = prepareQuery(db, (b) =>
    b
      .insertInto('reward_claims')
      .values({
        user_id: param<number>('userId'),
        reward_key: param<string>('key'),
        source: param<string>('source'),
        rewards: param<string>('rewards'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.columns(['user_id', 'reward_key']).doNothing()),
  );
  const claimed = prepareQuery(db, (b) =>
    b
      .selectFrom('reward_claims')
      .select(sql<number>`1`.as('one'))
      .where('user_id', '=', param<number>('userId'))
      .where('reward_key', '=', param<string>('key')),
  );
  const claimOf = prepareQuery(db, (b) =>
    b
      .selectFrom('reward_claims')
      .select('rewards')
      .where('user_id', '=', param<number>('userId'))
      .where('reward_key', '=', param<string>('key')),
  );

  async function grant(userId: number, g: Grant): Promise<Reward[]> {
    const wire = g.rewards.map(toWireReward);
    let moved = false;
    // A guest is free to make and throw away (10 an hour per address): cash collected on guests, then kept by
    // signing one up, would be farmed. Guests register first; points, energy and coupons are not cash.
    if (g.rewards.some((r) => r.type === 'cash' && r.amount > 0) && (await deps.isGuest(userId)))
      throw new AppError(Code.GUEST_NOT_ALLOWED);
    await db.transaction(async () => {
      const inserted = await insertClaim.run({
        userId,
        key: g.key,
        source: g.source,
        rewards: JSON.stringify(wire),
        now: clock.iso(),
      });
      if (inserted.changes === 0) throw new AppError(Code.REWARD_ALREADY_CLAIMED);
      await ledger.account(userId);
      for (const r of g.rewards) {
        if (!Number.isSafeInteger(r.amount) || r.amount < 0) throw new Error(`Bad reward amount ${r.amount}`);
        if (r.amount === 0) continue;
        if (r.type === 'cash') {
          await ledger.post(userId, {
            type: g.journalType ?? 'reward',
            amount: r.amount,
            // Ring-fenced, not owed on the whole balance: the cash opens its own wagering requirement.
            wagering: { source: g.source, bonus: r.amount, required: r.amount * (g.turnoverMultiple ?? 0) },
            reference: g.key,
            remark: g.remark ?? r.info ?? '',
          });
          moved = true;
        } else if (r.type === 'point') {
          await ledger.post(userId, {
            type: 'points',
            points: r.amount,
            reference: g.key,
            remark: g.remark ?? r.info ?? '',
          });
        } else if (r.type === 'energy') {
          await ledger.addEnergy(userId, r.amount);
        } else if (r.type === 'coupon') {
          for (let i = 0; i < r.amount; i++) await deps.grantCoupon(userId, r.coupon, g.source);
        }
      }
    })();
    if (moved) deps.events.emit('balance.moved', { userId });
    return wire;
  }

  return {
    grant,
    wagering: deps.wagering,
    /** The key was claimed already (a claimable reward is one whose key is not). */
    isClaimed: async (userId: number, key: string) => (await claimed.get({ userId, key })) !== undefined,
    /** What the first claim of the key granted, or undefined. */
    claimOf: async (userId: number, key: string): Promise<Reward[] | undefined> => {
      const row = await claimOf.get({ userId, key });
      return row === undefined ? undefined : (JSON.parse(row.rewards) as Reward[]);
    },
    energy: async (userId: number) => (await ledger.account(userId)).energy,
    /** Spends energy; false when the player has too little. Call inside the caller's transaction. */
    spendEnergy: (userId: number, amount: number) => ledger.addEnergy(userId, -amount),
  };
}

export type RewardGrants = ReturnType<typeof createRewardGrants>;
