import type { FastifyBaseLogger } from 'fastify';
import type { Badge } from '../../../../shared/contract/account';
import { COUNTER_EVENTS, type CounterEvent } from '../../../../shared/socket';
import type { EventBus } from '../../plugins/events';

export type BadgeCounter = keyof Badge;

/**
 * The socket hub's topic (`app.socket.onNudge`) of a balance move of a listening player: the badge domain
 * nudges it once per move, each domain whose counter follows bets handles it.
 */
export const BALANCE_MOVED_WHILE_LISTENING = 'badge.balanceMoved';

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
 * matching event of spec section 4 (inbox.unread, vip.tab.rewards.num...). A player's refreshes run one
 * after the other, in the order asked, so a slower one never pushes an older value after a newer one.
 */
export function createBadgeService(deps: {
  events: EventBus;
  push: (userId: number, event: CounterEvent, content: number) => void;
  /** Drops counter frames still waiting for the player's acknowledgement: older than what data() answers. */
  discard?: (userId: number, events: readonly string[]) => void;
  log: FastifyBaseLogger;
}) {
  const providers = new Map<BadgeCounter, (userId: number) => Promise<number>>();
  const lastHeard = new Map<number, Partial<Badge>>();
  /** Each player's last refresh asked for, while it runs. */
  const refreshing = new Map<number, Promise<void>>();

  const compute = async (userId: number, counter: BadgeCounter) =>
    Math.max(0, (await providers.get(counter)?.(userId)) ?? 0);

  async function recompute(userId: number, counters: readonly BadgeCounter[]) {
    for (const counter of counters) {
      const value = await compute(userId, counter);
      // Read after the await: data(), a forget or a restore may have replaced it meanwhile.
      const heard = lastHeard.get(userId) ?? {};
      lastHeard.set(userId, heard);
      if (heard[counter] === value) continue;
      heard[counter] = value;
      deps.push(userId, EVENT_OF[counter], value);
    }
  }

  function refresh(userId: number, counters: readonly BadgeCounter[] = BADGE_COUNTERS): Promise<void> {
    const previous = refreshing.get(userId);
    const next = previous
      ? previous.catch(() => undefined).then(() => recompute(userId, counters))
      : recompute(userId, counters);
    refreshing.set(userId, next);
    const done = () => {
      if (refreshing.get(userId) === next) refreshing.delete(userId);
    };
    next.then(done, done);
    return next;
  }

  deps.events.on('badge.stale', ({ userId, counters }) => {
    return refresh(userId, counters).catch((err) => deps.log.error({ err, userId }, 'badge counters not refreshed'));
  });
  // A swapped database may give these user ids to other players.
  deps.events.on('db.restored', () => lastHeard.clear());

  return {
    /** The domain owning a counter tells how to compute it for a player. */
    provide(counter: BadgeCounter, compute: (userId: number) => Promise<number>) {
      providers.set(counter, compute);
    },
    /** GET /api/badge/data; what it answers is what the player now knows. */
    async data(userId: number): Promise<Badge> {
      deps.discard?.(userId, Object.keys(COUNTER_EVENTS));
      const badge: Partial<Badge> = {};
      for (const counter of BADGE_COUNTERS) badge[counter] = await compute(userId, counter);
      lastHeard.set(userId, { ...badge });
      return badge as Badge;
    },
    refresh,
    /** Forget what a player heard (their socket closed): the next change is pushed whatever it is. */
    forget: (userId: number) => lastHeard.delete(userId),
  };
}

export type BadgeService = ReturnType<typeof createBadgeService>;
