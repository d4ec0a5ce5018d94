import { Code } from '../../../../shared/codes';
import type { Reward } from '../../../../shared/contract/reward';
import { formatCentavos, toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { type GrantedReward, type RewardGrants, toWireReward } from '../reward/grant';
import type { TaskRepo } from './repo';
import { type TasksSeed, toGranted } from './seed';
import { today } from './service';

const DAY_MS = 86_400_000;
const peso = (centavos: number) => `₱${formatCentavos(centavos)}`;

/**
 * The daily bonuses of the menu: 30 Day Bonus (sign-in), Daily Deposit Bonus and Return Gift Pack.
 * Settings come from db/seeds/tasks.json (table bonus_settings); rules in docs/rewards.md.
 */
export function createBonusService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  grants: RewardGrants;
  repo: TaskRepo;
}) {
  const { db, clock, events, grants, repo } = deps;

  // ------------------------------------------------------------------------------------------ sign-in

  async function signInState(userId: number) {
    const s = await repo.setting<TasksSeed['signIn']>('signIn');
    const { day: todayText, range } = today(clock);
    const claims = await repo.claims(userId, 'signin');
    const signed = claims.length;
    const last = claims[signed - 1];
    const signedToday = last !== undefined && manilaDay(new Date(last.created_at)) === todayText;
    const nextDay = signed < s.totalDays ? signed + 1 : null;
    const deposited = await repo.deposited(userId, range);
    const minDeposit = toCentavos(s.minDeposit);
    const depositOk = (day: number) => day <= s.freeDays || deposited >= minDeposit;
    const canSign = nextDay !== null && !signedToday && depositOk(nextDay);
    return { s, claims, signed, signedToday, nextDay, deposited, minDeposit, depositOk, canSign };
  }

  const signInRewards = (s: TasksSeed['signIn'], day: number): GrantedReward[] => [
    { type: 'cash', amount: toCentavos(s.days[day - 1] ?? 0) },
  ];

  // ------------------------------------------------------------------------------------ daily deposit

  async function dailyDepositState(userId: number) {
    const s = await repo.setting<TasksSeed['dailyDeposit']>('dailyDeposit');
    const { day, range } = today(clock);
    const deposited = await repo.deposited(userId, range);
    const tiers = [];
    for (const t of s.tiers) {
      const key = `dailyDeposit:${day}:${t.tier}`;
      const need = toCentavos(t.deposit);
      const status: 'claimed' | 'available' | 'locked' = (await grants.isClaimed(userId, key))
        ? 'claimed'
        : deposited >= need
          ? 'available'
          : 'locked';
      tiers.push({
        tier: t.tier,
        need,
        key,
        rewards: [{ type: 'cash', amount: toCentavos(t.reward) }] as GrantedReward[],
        status,
      });
    }
    return { s, day, deposited, tiers };
  }

  // ------------------------------------------------------------------------------------ return gift

  async function returnGiftState(userId: number) {
    const s = await repo.setting<TasksSeed['returnGift']>('returnGift');
    const now = clock.nowMs();
    const windowStart = new Date(now - s.claimDays * DAY_MS).toISOString();
    let returned: { at: string; key: string } | null = null;
    for (const session of await repo.sessionsSince(userId, windowStart)) {
      const before = await repo.lastActivityBefore(userId, session.id, session.created_at);
      if (before !== null && Date.parse(session.created_at) - Date.parse(before) >= s.awayDays * DAY_MS) {
        returned = { at: session.created_at, key: `returnGift:${manilaDay(new Date(session.created_at))}` };
        break;
      }
    }
    const claimed = returned !== null && (await grants.isClaimed(userId, returned.key));
    return {
      s,
      returned,
      rewards: s.rewards.map(toGranted),
      status: returned === null ? ('none' as const) : claimed ? ('claimed' as const) : ('available' as const),
      expiresAt: returned ? new Date(Date.parse(returned.at) + s.claimDays * DAY_MS).toISOString() : null,
    };
  }

  const stale = (userId: number, counters: ('loginBonusRewardNum' | 'dailyDepositSign')[]) =>
    events.emit('badge.stale', { userId, counters });

  return {
    async signInFetch(userId: number) {
      const st = await signInState(userId);
      return {
        signUpBonus: st.s.days[0] ?? 0,
        freeDays: st.s.freeDays,
        totalDays: st.s.totalDays,
        minDeposit: st.s.minDeposit,
        depositedToday: toPesos(st.deposited),
        signedDays: st.signed,
        signedToday: st.signedToday,
        nextDay: st.nextDay,
        turnoverMultiple: st.s.turnoverMultiple,
        days: Array.from({ length: st.s.totalDays }, (_, i) => {
          const day = i + 1;
          const claim = st.claims[i];
          const status = claim
            ? ('claimed' as const)
            : day !== st.nextDay || st.signedToday
              ? ('locked' as const)
              : st.depositOk(day)
                ? ('available' as const)
                : ('deposit' as const);
          return {
            day,
            rewards: signInRewards(st.s, day).map(toWireReward),
            status,
            claimedAt: claim?.created_at ?? null,
          };
        }),
      };
    },

    /** 1 when today's sign-in can be claimed now (badge loginBonusRewardNum). */
    signInAvailable: async (userId: number) => ((await signInState(userId)).canSign ? 1 : 0),

    async signInClaim(userId: number, day: number): Promise<Reward[]> {
      const rewards = await db.transaction(async () => {
        const st = await signInState(userId);
        if (day > st.s.totalDays) throw new AppError(Code.TASK_NOT_FOUND);
        if (day <= st.signed) throw new AppError(Code.REWARD_ALREADY_CLAIMED);
        if (day !== st.nextDay || st.signedToday) throw new AppError(Code.SIGN_IN_NOT_ARRIVED);
        if (!st.depositOk(day)) {
          throw new AppError(Code.SIGN_IN_DEPOSIT_REQUIRED, { params: { amount: peso(st.minDeposit) } });
        }
        const granted = await grants.grant(userId, {
          key: `signin:${day}`,
          source: 'signin',
          rewards: signInRewards(st.s, day),
          turnoverMultiple: st.s.turnoverMultiple,
          remark: day === 1 ? 'Sign-up bonus' : `Sign-in day ${day}`,
        });
        if (day === 1) await repo.markSignUpBonus(userId, clock.iso());
        return granted;
      })();
      stale(userId, ['loginBonusRewardNum']);
      return rewards;
    },

    async dailyDepositFetch(userId: number) {
      const st = await dailyDepositState(userId);
      return {
        day: st.day,
        deposited: toPesos(st.deposited),
        turnoverMultiple: st.s.turnoverMultiple,
        tiers: st.tiers.map((t) => ({
          tier: t.tier,
          deposit: toPesos(t.need),
          rewards: t.rewards.map(toWireReward),
          status: t.status,
        })),
      };
    },

    /** Tiers reached today and not claimed (badge dailyDepositSign). */
    dailyDepositAvailable: async (userId: number) =>
      (await dailyDepositState(userId)).tiers.filter((t) => t.status === 'available').length,

    async dailyDepositClaim(userId: number, tier: number): Promise<Reward[]> {
      const rewards = await db.transaction(async () => {
        const st = await dailyDepositState(userId);
        const t = st.tiers.find((x) => x.tier === tier);
        if (!t) throw new AppError(Code.TASK_NOT_FOUND);
        if (t.status === 'claimed') throw new AppError(Code.REWARD_ALREADY_CLAIMED);
        if (st.deposited < t.need) {
          throw new AppError(Code.DAILY_DEPOSIT_NOT_REACHED, { params: { amount: peso(t.need - st.deposited) } });
        }
        return grants.grant(userId, {
          key: t.key,
          source: 'dailyDeposit',
          rewards: t.rewards,
          turnoverMultiple: st.s.turnoverMultiple,
          remark: `Daily deposit bonus, tier ${t.tier}`,
        });
      })();
      stale(userId, ['dailyDepositSign']);
      return rewards;
    },

    async returnGiftFetch(userId: number) {
      const st = await returnGiftState(userId);
      return {
        awayDays: st.s.awayDays,
        claimDays: st.s.claimDays,
        rewards: st.rewards.map(toWireReward),
        turnoverMultiple: st.s.turnoverMultiple,
        status: st.status,
        returnedAt: st.returned?.at ?? null,
        expiresAt: st.expiresAt,
      };
    },

    returnGiftClaim(userId: number): Promise<Reward[]> {
      return db.transaction(async () => {
        const st = await returnGiftState(userId);
        if (st.returned === null) {
          throw new AppError(Code.RETURN_GIFT_NOT_ELIGIBLE, { params: { days: st.s.awayDays } });
        }
        return grants.grant(userId, {
          key: st.returned.key,
          source: 'returnGift',
          rewards: st.rewards,
          turnoverMultiple: st.s.turnoverMultiple,
          remark: 'Return gift pack',
        });
      })();
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
