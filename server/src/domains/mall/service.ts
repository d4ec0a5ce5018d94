import { randomInt } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Language } from '../../../../shared/messages';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { LedgerService } from '../ledger/service';
import type { GrantedReward, RewardGrants } from '../reward/grant';
import { toWireReward } from '../reward/grant';
import type { UserService } from '../user/service';
import { createMallRepo, type MallItemRow } from './repo';
import { timesReward } from './reward-input';

export const mallImageUrl = (image: string) => `/static/mall/${image}`;

/** The remark of an order's journal rows (ledger/remarks.ts says it in Vietnamese). */
const mallRemark = (quantity: number, name: string) => `Mall: ${quantity} x ${name}`;

/**
 * The points mall: items priced in points, with stock, a per-account limit (over all time) and a minimum
 * VIP level. An order spends the points through the ledger (journal type mall) and grants the reward
 * through the grants service (key mall:<orderNo>), all in one transaction.
 */
export function createMallService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  grants: RewardGrants;
  users: Pick<UserService, 'byId'>;
}) {
  const { db, clock, ledger, grants, users } = deps;
  const repo = createMallRepo(db);

  const nameOf = (item: MallItemRow, lang: Language) => (lang === 'vi-VN' ? item.name_vi : item.name_en);
  const stockLeft = (item: MallItemRow) =>
    item.stock_total === null ? null : Math.max(0, item.stock_total - item.sold);

  const newOrderNo = async () => {
    for (;;) {
      const no = `M${manilaDay(clock.now()).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (!(await repo.orderExists(no))) return no;
    }
  };

  async function info(userId: number, lang: Language) {
    const taken = await repo.takenByItem(userId);
    return {
      point: (await ledger.account(userId)).point,
      cashTurnoverMultiple: grants.wagering.mall,
      items: (await repo.items()).map((item) => ({
        id: item.id,
        name: nameOf(item, lang),
        description: lang === 'vi-VN' ? item.description_vi : item.description_en,
        imageUrl: mallImageUrl(item.image),
        price: item.price,
        reward: toWireReward(JSON.parse(item.reward) as GrantedReward),
        stock: stockLeft(item),
        perAccountLimit: item.per_account_limit,
        exchanged: taken.get(item.id) ?? 0,
        minVip: item.min_vip,
      })),
    };
  }

  function order(userId: number, itemId: number, quantity: number) {
    return db.transaction(async () => {
      const item = await repo.item(itemId);
      if (!item) throw new AppError(Code.MALL_ITEM_NOT_FOUND);
      if (((await users.byId(userId))?.vip_level ?? 0) < item.min_vip) {
        throw new AppError(Code.MALL_VIP_TOO_LOW, { params: { level: item.min_vip } });
      }
      const left = stockLeft(item);
      if (left !== null && quantity > left) throw new AppError(Code.MALL_OUT_OF_STOCK, { params: { left } });
      if (item.per_account_limit !== null) {
        const taken = await repo.taken(userId, itemId);
        if (taken + quantity > item.per_account_limit) {
          throw new AppError(Code.MALL_LIMIT_REACHED, {
            params: { limit: item.per_account_limit, left: Math.max(0, item.per_account_limit - taken) },
          });
        }
      }
      const cost = item.price * quantity;
      const point = (await ledger.account(userId)).point;
      if (point < cost) throw new AppError(Code.MALL_POINTS_LOW, { params: { needed: cost, point } });
      if (!(await repo.sell(itemId, quantity))) throw new AppError(Code.MALL_OUT_OF_STOCK, { params: { left: 0 } });

      const orderNo = await newOrderNo();
      const remark = mallRemark(quantity, item.name_en);
      await ledger.post(userId, { type: 'mall', points: -cost, reference: orderNo, remark });
      const rewards = await grants.grant(userId, {
        key: `mall:${orderNo}`,
        source: 'mall',
        rewards: [timesReward(JSON.parse(item.reward) as GrantedReward, quantity)],
        journalType: 'mall',
        // points are collected without a deposit: the cash they buy is wagered like a code's
        turnoverMultiple: grants.wagering.mall,
        remark,
      });
      await repo.insertOrder({
        orderNo,
        userId,
        itemId,
        quantity,
        points: cost,
        rewards: JSON.stringify(rewards),
        now: clock.iso(),
      });
      return { rewards, orderNo, pointsSpent: cost, point: (await ledger.account(userId)).point };
    })();
  }

  /**
   * An order's journal rows (reference the order number, or mall:<order number> for what it paid) named
   * in the language: the remark with the item's name in it (ledger/remarks.ts).
   */
  async function remarkOf(reference: string, lang: Language): Promise<string | undefined> {
    const orderNo = /^(?:mall:)?(M\d{16})$/.exec(reference)?.[1];
    const bought = orderNo === undefined ? undefined : await repo.orderItem(orderNo);
    return bought && mallRemark(bought.quantity, lang === 'vi-VN' ? bought.name_vi : bought.name_en);
  }

  return { info, order, remarkOf };
}

export type MallService = ReturnType<typeof createMallService>;
