import type { Badge } from '../../../../shared/contract/account';
import { COUNTER_EVENTS, type CounterEvent } from '../../../../shared/socket';
import type { EventBus } from '../../plugins/events';

export type BadgeCounter = keyof Badge;

const BADGE_COUNTERS: BadgeCounter[] = [
  'loginBonusRewardNum',
  'inviteFriendToEarnNum',
  'letterUnreadNum',
  'taskRewardNum',
  'inviteFriendEnergy',
  'dailyDepositSign',
  'vipTabRewardsNum',
];

const EVENT_OF = Object.fromEntries(
  Object.entries(COUNTER_EVENTS).map(([event, counter]) => [counter, event as CounterEvent]),
) as Record<BadgeCounter, CounterEvent>;

/**
 * The badge counters of spec section 3, each derived from state by the domain that owns it
 * (`provide`). A domain whose state changed emits `badge.stale` on the event bus; the counters named
 * are computed again and, when they differ from what the player last heard, pushed on the socket as the
 * matching event of spec section 4 (inbox.unread, vip.tab.rewards.num...).
 */
export function createBadgeService(deps: {
  events: EventBus;
  push: (userId: number, event: CounterEvent, content: number) => void;
  /** Drops counter frames still waiting for the player's acknowledgement: older than what data() answers. */
  discard?: (userId: number, events: readonly string[]) => void;
}) {
  const providers = new Map<BadgeCounter, (userId: number) => number>();
  const lastHeard = new Map<number, Partial<Badge>>();

  const compute = (userId: number, counter: BadgeCounter) => Math.max(0, providers.get(counter)?.(userId) ?? 0);

  function refresh(userId: number, counters: readonly BadgeCounter[] = BADGE_COUNTERS) {
    const heard = lastHeard.get(userId) ?? {};
    for (const counter of counters) {
      const value = compute(userId, counter);
      if (heard[counter] === value) continue;
      heard[counter] = value;
      deps.push(userId, EVENT_OF[counter], value);
    }
    lastHeard.set(userId, heard);
  }

  deps.events.on('badge.stale', ({ userId, counters }) => refresh(userId, counters));
  // A swapped database may give these user ids to other players.
  deps.events.on('db.restored', () => lastHeard.clear());

  return {
    /** The domain owning a counter tells how to compute it for a player. */
    provide(counter: BadgeCounter, compute: (userId: number) => number) {
      providers.set(counter, compute);
    },
    /** GET /api/badge/data; what it answers is what the player now knows. */
    data(userId: number): Badge {
      deps.discard?.(userId, Object.keys(COUNTER_EVENTS));
      const badge = Object.fromEntries(BADGE_COUNTERS.map((c) => [c, compute(userId, c)])) as Badge;
      lastHeard.set(userId, { ...badge });
      return badge;
    },
    refresh,
    /** Forget what a player heard (their socket closed): the next change is pushed whatever it is. */
    forget: (userId: number) => lastHeard.delete(userId),
  };
}

export type BadgeService = ReturnType<typeof createBadgeService>;
