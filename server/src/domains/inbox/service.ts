import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { letterRewardInput } from '../../../../shared/contract/ops-inbox';
import type { Reward } from '../../../../shared/contract/reward';
import type { Language } from '../../../../shared/messages';
import { toCentavos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { type GrantedReward, type RewardGrants, toWireReward } from '../reward/grant';
import { createInboxRepo, type LetterRow, type LetterType, type SendRow } from './repo';
import { LETTER_TYPE_NAMES, type LetterText } from './templates';

type RewardInput = z.output<typeof letterRewardInput>;

const parseRewards = (text: string) => JSON.parse(text) as GrantedReward[];

/** Operator input (pesos on the wire) to the server form (centavos). */
export const toGrantedReward = (r: RewardInput): GrantedReward => {
  if (r.type === 'cash') return { type: 'cash', amount: toCentavos(r.amount), ...(r.info ? { info: r.info } : {}) };
  if (r.type === 'coupon')
    return { type: 'coupon', amount: r.amount, coupon: r.coupon, ...(r.info ? { info: r.info } : {}) };
  return { type: r.type, amount: r.amount, ...(r.info ? { info: r.info } : {}) };
};

/**
 * The inbox: letters written by the system on domain events and by operators, both languages stored.
 * Reading, claiming (through the grants, key `letter:<id>`) and deleting are the player's; another
 * player's letter id answers LETTER_NOT_FOUND. A letter whose rewards are not claimed cannot be deleted
 * (LETTER_REWARD_UNCLAIMED); "delete all read" leaves such letters in place.
 */
/** How long a letter to all keeps reaching new players when the operator gives no validUntil. */
export const ALL_LETTER_VALID_MS = 7 * 24 * 3_600_000;

export function createInboxService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  grants: RewardGrants;
  couponExists: (code: string) => Promise<boolean>;
  /** Players with a live socket: a letter to everyone refreshes only their counters. */
  connectedUsers: () => Iterable<number>;
}) {
  const { db, clock, events, grants } = deps;
  const repo = createInboxRepo(db);

  const stale = (userId: number) => events.emit('badge.stale', { userId, counters: ['letterUnreadNum'] });

  function view(row: LetterRow, lang: Language) {
    const rewards = parseRewards(row.rewards).map(toWireReward);
    return {
      id: row.id,
      type: row.type,
      title: lang === 'vi-VN' ? row.title_vi : row.title_en,
      content: lang === 'vi-VN' ? row.content_vi : row.content_en,
      read: row.read_at !== null,
      rewards,
      claimed: row.claimed_at !== null,
      createdAt: row.created_at,
    };
  }

  function sendView(row: SendRow) {
    return {
      id: row.id,
      audience: row.audience,
      uid: row.uid,
      type: row.type,
      titleEn: row.title_en,
      titleVi: row.title_vi,
      contentEn: row.content_en,
      contentVi: row.content_vi,
      rewards: parseRewards(row.rewards).map(toWireReward),
      recipients: row.recipients,
      read: row.read,
      claimed: row.claimed,
      validUntil: row.valid_until,
      createdAt: row.created_at,
    };
  }

  const letterOf = async (userId: number, id: number) => {
    const row = await repo.byId(userId, id);
    if (!row) throw new AppError(Code.LETTER_NOT_FOUND);
    return row;
  };

  return {
    /** A system letter to one player (welcome, deposit, withdrawal, KYC). */
    async write(userId: number, text: LetterText, meta: { type?: LetterType; template: string; reference?: string }) {
      const id = await repo.insert({
        userId,
        type: meta.type ?? 'system',
        template: meta.template,
        reference: meta.reference ?? '',
        rewards: '[]',
        now: clock.iso(),
        ...text,
      });
      stale(userId);
      return id;
    },

    /** An operator's letter to one player or to every (non-guest) player. */
    async send(input: {
      userId: number | null;
      type?: 'notice' | 'reward';
      titleEn: string;
      titleVi?: string;
      contentEn: string;
      contentVi?: string;
      rewards: RewardInput[];
      /** Letters to all: players registering before this instant receive it too (default: 7 days on). */
      validUntil?: string;
    }) {
      for (const r of input.rewards) {
        if (r.type === 'coupon' && !(await deps.couponExists(r.coupon))) {
          throw new AppError(Code.LETTER_REWARD_INVALID, { params: { coupon: r.coupon } });
        }
      }
      const rewards = input.rewards.map(toGrantedReward);
      const { id, recipients } = await db.transaction(() =>
        repo.send({
          audience: input.userId === null ? 'all' : 'player',
          userId: input.userId,
          type: input.type ?? (rewards.length > 0 ? 'reward' : 'notice'),
          titleEn: input.titleEn,
          titleVi: input.titleVi ?? input.titleEn,
          contentEn: input.contentEn,
          contentVi: input.contentVi ?? input.contentEn,
          rewards: JSON.stringify(rewards),
          validUntil:
            input.userId === null
              ? new Date(
                  input.validUntil ? Date.parse(input.validUntil) : clock.nowMs() + ALL_LETTER_VALID_MS,
                ).toISOString()
              : null,
          now: clock.iso(),
        }),
      )();
      if (input.userId !== null) stale(input.userId);
      else {
        const sentTo = new Set(recipients);
        for (const userId of deps.connectedUsers()) if (sentTo.has(userId)) stale(userId);
      }
      return sendView((await repo.sendById(id)) as SendRow);
    },

    /** A new player receives the letters to all that are still valid. */
    async welcome(userId: number) {
      const delivered = await db.transaction(() => repo.deliverValidSends(userId, clock.iso()))();
      if (delivered > 0) stale(userId);
      return delivered;
    },

    async sends(filter: { userId: number | null; page: number; size: number }) {
      const { rows, total } = await repo.sends({
        userId: filter.userId,
        limit: filter.size,
        offset: (filter.page - 1) * filter.size,
      });
      return { list: rows.map(sendView), page: filter.page, size: filter.size, total };
    },

    async list(userId: number, lang: Language, filter: { type?: string; page: number; size: number }) {
      const { rows, total } = await repo.page({
        userId,
        type: filter.type ?? null,
        limit: filter.size,
        offset: (filter.page - 1) * filter.size,
      });
      return { list: rows.map((r) => view(r, lang)), page: filter.page, size: filter.size, total };
    },

    async types(userId: number, lang: Language) {
      const unread = new Map((await repo.unreadByType(userId)).map((t) => [t.type, t.unread]));
      return (Object.keys(LETTER_TYPE_NAMES) as LetterType[]).map((type) => ({
        type,
        name: LETTER_TYPE_NAMES[type][lang],
        unread: unread.get(type) ?? 0,
      }));
    },

    unread: (userId: number) => repo.unread(userId),

    async read(userId: number, id: number) {
      await letterOf(userId, id);
      if (await repo.markRead(userId, id, clock.iso())) stale(userId);
      return { unread: await repo.unread(userId) };
    },

    /** Grants the letter's rewards once (key letter:<id>) and marks it claimed and read. */
    async claim(userId: number, id: number): Promise<Reward[]> {
      const rewards = await db.transaction(async () => {
        const row = await letterOf(userId, id);
        const attached = parseRewards(row.rewards);
        if (attached.length === 0) throw new AppError(Code.NOTHING_TO_CLAIM);
        if (row.claimed_at !== null) throw new AppError(Code.REWARD_ALREADY_CLAIMED);
        const granted = await grants.grant(userId, {
          key: `letter:${row.id}`,
          source: 'letter',
          rewards: attached,
          remark: row.title_en,
        });
        await repo.markClaimed(userId, id, clock.iso());
        return granted;
      })();
      stale(userId);
      return rewards;
    },

    /** Deletes one letter, or every read letter without an unclaimed reward; returns how many. */
    async delete(userId: number, target: { id?: number; allRead?: true }) {
      const now = clock.iso();
      let deleted: number;
      if (target.id !== undefined) {
        const row = await letterOf(userId, target.id);
        if (row.claimed_at === null && parseRewards(row.rewards).length > 0) {
          throw new AppError(Code.LETTER_REWARD_UNCLAIMED);
        }
        deleted = await repo.deleteOne(userId, target.id, now);
      } else deleted = await repo.deleteRead(userId, now);
      if (deleted > 0) stale(userId);
      return { deleted };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
