import { randomInt } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import { POKER_DECK, POKER_GRAND_PRIZE, type POKER_RANKS, POKER_SUITS } from '../../../../shared/contract/mall';
import type { Reward } from '../../../../shared/contract/reward';
import { toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay, startOfManilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { type RewardInput, toGranted } from '../mall/reward-input';
import type { RewardGrants } from '../reward/grant';
import type { UserService } from '../user/service';
import { createPokerRepo, type PokerChance } from './repo';

const DAY_MS = 86_400_000;
export const GRAND_PRIZE_KEY = 'poker.grand';

type Suit = (typeof POKER_SUITS)[number];
type Rank = (typeof POKER_RANKS)[number];

/** "10H" -> hearts 10, "RJ" -> joker red. */
export function cardFace(code: string): { suit: Suit | 'joker'; rank: Rank | 'red' | 'black' } {
  if (code === 'RJ') return { suit: 'joker', rank: 'red' };
  if (code === 'BJ') return { suit: 'joker', rank: 'black' };
  const letter = code.slice(-1);
  const suit = POKER_SUITS.find((s) => s[0]?.toUpperCase() === letter);
  if (!suit) throw new Error(`Unknown card ${code}`);
  return { suit, rank: code.slice(0, -1) as Rank };
}

/** "player0042" -> "pl***42": recognisable in the feed, not usable to find the account. */
export const maskUsername = (name: string) =>
  name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;

/** One weighted pick with node:crypto (weights are whole numbers, so the odds are exact). */
export function pickCard(weights: readonly { card: string; weight: number }[]): string {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  let ticket = randomInt(0, total);
  for (const w of weights) {
    if (ticket < w.weight) return w.card;
    ticket -= w.weight;
  }
  throw new Error('poker odds are empty');
}

/**
 * The poker-card collection (spec section 9). Chances are derived, never counted down: the free draw of
 * a Manila day is unused while no free draw row carries that day (a unique index makes it one), and
 * referral chances left are those earned minus those drawn.
 */
export function createPokerService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  grants: RewardGrants;
  users: Pick<UserService, 'byId'>;
  /** Test hook: the card a draw yields (default: a weighted crypto pick). */
  pick?: (weights: readonly { card: string; weight: number }[]) => string;
}) {
  const { db, clock, events, grants, users } = deps;
  const repo = createPokerRepo(db);
  const pick = deps.pick ?? pickCard;
  /** Tester faults (poker.card, see domains/tooling) may decide a player's next card. */
  let interceptCard: (userId: number) => Promise<string | undefined> = async () => undefined;

  const settingOf = async <T>(key: string, fallback: T): Promise<T> => {
    const text = await repo.setting(key);
    return text === undefined ? fallback : (JSON.parse(text) as T);
  };

  async function chances(userId: number) {
    const free = !(await repo.freeUsedOn(userId, manilaDay(clock.now())));
    const referral = Math.max(0, await repo.referralLeft(userId));
    return { free, referral, total: (free ? 1 : 0) + referral };
  }

  const stale = (userId: number) => events.emit('badge.stale', { userId, counters: ['inviteFriendToEarnNum'] });

  async function view(userId: number) {
    const owned = new Map((await repo.cards(userId)).map((c) => [c.card, c.owned]));
    const c = await chances(userId);
    return {
      cards: POKER_DECK.map((code) => ({ code, ...cardFace(code), owned: owned.get(code) ?? 0 })),
      collected: POKER_DECK.filter((code) => (owned.get(code) ?? 0) > 0).length,
      chances: c.total,
      freeDrawAvailable: c.free,
      nextFreeDrawAt: new Date(startOfManilaDay(clock.now()).getTime() + DAY_MS).toISOString(),
      grandPrize: POKER_GRAND_PRIZE,
      grandPrizeClaimed: await grants.isClaimed(userId, GRAND_PRIZE_KEY),
      grandPrizeTurnoverMultiple: await settingOf('grandPrizeTurnoverMultiple', 1),
    };
  }

  async function draw(userId: number) {
    // The tester's card fault is asked once per draw, not once per attempt: on PostgreSQL a serialization
    // failure runs the transaction again, and the one-shot fault the first attempt took must still apply.
    let intercepted: { card: string | undefined } | undefined;
    const result = await db.transaction(async () => {
      const now = clock.iso();
      const day = manilaDay(clock.now());
      const c = await chances(userId);
      if (c.total === 0) throw new AppError(Code.POKER_NO_CHANCE);
      const chance: PokerChance = c.free ? 'free' : 'referral';
      intercepted ??= { card: await interceptCard(userId) };
      const card = intercepted.card ?? pick(await repo.weights());
      const duplicate = (await repo.owned(userId, card)) > 0;
      await repo.addCard(userId, card, now);
      const completed =
        !duplicate &&
        (await repo.collected(userId)) === POKER_DECK.length &&
        !(await grants.isClaimed(userId, GRAND_PRIZE_KEY));
      const drawId = await repo.insertDraw({ userId, card, chance, day, duplicate, completed, now });
      await repo.addFeed({ userId, kind: 'draw', card, amount: null, now });

      const rewards: Reward[] = [{ type: 'other', amount: 1, info: card }];
      if (duplicate) {
        const consolation = (await settingOf<RewardInput[]>('duplicateRewards', [])).map(toGranted);
        if (consolation.length) {
          rewards.push(
            ...(await grants.grant(userId, {
              key: `poker.duplicate:${drawId}`,
              source: 'poker',
              rewards: consolation,
              remark: `Poker duplicate ${card}`,
            })),
          );
        }
      }
      if (completed) {
        const amount = toCentavos(POKER_GRAND_PRIZE);
        rewards.push(
          ...(await grants.grant(userId, {
            key: GRAND_PRIZE_KEY,
            source: 'poker',
            rewards: [{ type: 'cash', amount, info: 'Poker grand prize' }],
            turnoverMultiple: await settingOf('grandPrizeTurnoverMultiple', 1),
            remark: 'Poker collection grand prize',
          })),
        );
        await repo.addFeed({ userId, kind: 'grandPrize', card: null, amount, now });
      }
      return {
        rewards,
        card: { code: card, ...cardFace(card), owned: await repo.owned(userId, card) },
        duplicate,
        completed,
        chances: (await chances(userId)).total,
      };
    })();
    stale(userId);
    return result;
  }

  /** A referral's first successful deposit gives the superior one chance, once per referral. */
  async function onDeposit(referralId: number, orderNo: string) {
    const superiorId = (await users.byId(referralId))?.superior_id;
    if (!superiorId) return;
    if (await repo.addReferralChance(referralId, superiorId, orderNo, clock.iso())) stale(superiorId);
  }

  async function messages() {
    return (await repo.feed(await settingOf('feedSize', 30))).map((row) => ({
      id: row.id,
      username: maskUsername(row.username),
      kind: row.kind,
      card: row.card,
      amount: row.amount === null ? null : toPesos(row.amount),
      createdAt: row.created_at,
    }));
  }

  /**
   * The Manila day turned (`from` and `to` are YYYY-MM-DD, from `clock.dayChanged`): players who used a
   * free draw on either day may see their chances change. Only those `online` hear about it; the others
   * read it on their next visit.
   */
  async function dayTurned(a: string, b: string, online: (userId: number) => boolean) {
    if (a === b) return 0;
    let told = 0;
    for (const userId of await repo.freeDrawersOn(a, b)) {
      if (!online(userId)) continue;
      stale(userId);
      told++;
    }
    return told;
  }

  /** Lets a tester fault choose the card of a draw (undefined: the weighted random pick). */
  function interceptDraws(interceptor: (userId: number) => Promise<string | undefined>) {
    interceptCard = interceptor;
  }

  return {
    /** Deals a card at a given time (the scenario kit's history). */
    addCard: repo.addCard,
    view,
    draw,
    chances,
    onDeposit,
    messages,
    dayTurned,
    interceptDraws,
  };
}

export type PokerService = ReturnType<typeof createPokerService>;
