import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { registerPlayer, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf } from '../../test/money';
import { expectLedgerExact, givePoints, setVip, userIdOf } from '../../test/rewards';
import { readMallSeed } from './seed';

type Item = {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  price: number;
  reward: { type: string; amount: number; info?: string };
  stock: number | null;
  perAccountLimit: number | null;
  exchanged: number;
  minVip: number;
};
type Info = { point: number; items: Item[]; cashTurnoverMultiple: number };
type Order = { rewards: { type: string; amount: number }[]; orderNo: string; pointsSpent: number; point: number };

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const info = async (client: TestClient) => (await client.get<Info>('/api/mallExchange/info')).body.data;
const order = (client: TestClient, itemId: number, quantity?: number) =>
  client.post<Order>('/api/mallExchange/order', { itemId, ...(quantity === undefined ? {} : { quantity }) });
const pointsOf = async (client: TestClient) => (await balanceOf(client)).point;
const setStockLeft = (itemId: number, left: number) =>
  inDb(app.db).run`UPDATE mall_items SET sold = stock_total - ${left} WHERE id = ${itemId}`;

describe('mall: the items', () => {
  it('lists the seeded items with price, stock, limit, VIP and served images, in both languages', async () => {
    const { client, info: who } = await registerPlayer(app);
    await givePoints(app, who.uid, 1234);
    const mall = await info(client);
    const seed = readMallSeed();
    expect(mall.point).toBe(1234);
    // its cash is a bonus (points are collected without a deposit): the page says the multiple
    expect(mall.cashTurnoverMultiple).toBe(app.services.grants.wagering.mall);
    expect(mall.cashTurnoverMultiple).toBeGreaterThan(0);
    expect(mall.items.map((i) => i.id)).toEqual(seed.items.map((i) => i.id));
    expect(mall.items[0]).toEqual({
      id: 1,
      name: '₱10 cash',
      description: 'Credited to your balance at once',
      imageUrl: '/static/mall/cash-small.svg',
      price: 500,
      reward: { type: 'cash', amount: 10 },
      stock: null,
      perAccountLimit: 20,
      exchanged: 0,
      minVip: 0,
    });
    expect(mall.items.find((i) => i.id === 5)).toMatchObject({ stock: 20, perAccountLimit: 1, minVip: 3 });
    const vi = await client.request<Info>({
      method: 'GET',
      url: '/api/mallExchange/info',
      headers: { language: 'vi-VN' },
    });
    expect(vi.body.data.items[0]?.name).toBe('₱10 tiền mặt');
    for (const item of mall.items) {
      const image = await app.inject({ method: 'GET', url: item.imageUrl });
      expect(image.statusCode, item.imageUrl).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
  });
});

describe('mall: orders', () => {
  it('spends points through the ledger (journal mall) and grants the reward once per order', async () => {
    const { client, info: who } = await registerPlayer(app);
    await givePoints(app, who.uid, 1200);
    const answer = await order(client, 1, 2);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).toMatchObject({ pointsSpent: 1000, point: 200, rewards: [{ type: 'cash', amount: 20 }] });
    expect(answer.body.data.orderNo).toMatch(/^M\d{16}$/);
    expect(await balanceOf(client)).toMatchObject({ balance: 20, point: 200 });
    expect((await info(client)).items[0]?.exchanged).toBe(2);

    const userId = await userIdOf(app, who.uid);
    const journal = await inDb(app.db)
      .all`SELECT type, amount, point_delta, reference FROM balance_journal WHERE user_id = ${userId} AND type = 'mall'`;
    expect(journal).toEqual([
      { type: 'mall', amount: 0, point_delta: -1000, reference: answer.body.data.orderNo },
      { type: 'mall', amount: 2000, point_delta: 0, reference: `mall:${answer.body.data.orderNo}` },
    ]);
    expect(await app.services.grants.isClaimed(userId, `mall:${answer.body.data.orderNo}`)).toBe(true);
    await expectLedgerExact(app);
  });

  it('refuses too few points, beyond the limit, beyond stock, below VIP and unknown items, moving nothing', async () => {
    const { client, info: who } = await registerPlayer(app);
    const poor = await order(client, 1);
    expect(poor.body).toMatchObject({
      success: false,
      code: Code.MALL_POINTS_LOW,
      msg: 'Not enough points: 500 needed, you have 0',
    });

    await givePoints(app, who.uid, 100_000);
    expect((await order(client, 2, 3)).body.data.rewards).toEqual([{ type: 'coupon', amount: 3, info: 'RELOAD20' }]);
    const limit = await order(client, 2, 1);
    expect(limit.body).toMatchObject({
      code: Code.MALL_LIMIT_REACHED,
      msg: 'Exchange limit reached: at most 3 per account, you can take 0 more',
    });

    const vip = await order(client, 4);
    expect(vip.body).toMatchObject({ code: Code.MALL_VIP_TOO_LOW, msg: 'This item is for VIP 1 and above' });
    await setVip(app, who.uid, 1);
    await setStockLeft(4, 2);
    const stock = await order(client, 4, 3);
    expect(stock.body).toMatchObject({ code: Code.MALL_OUT_OF_STOCK, msg: 'Not enough stock: 2 left' });
    expect((await order(client, 4, 2)).body.success).toBe(true);
    expect((await info(client)).items.find((i) => i.id === 4)?.stock).toBe(0);
    expect((await order(client, 4, 1)).body.code).toBe(Code.MALL_OUT_OF_STOCK);

    expect((await order(client, 999)).body.code).toBe(Code.MALL_ITEM_NOT_FOUND);
    expect((await order(client, 1, 0)).body.code).toBe(Code.VALIDATION);
    expect((await order(client, 1, 100)).body.code).toBe(Code.VALIDATION);

    // 100,000 - 3 coupons (2,400) - 2 x 4,500 = 88,600
    expect(await pointsOf(client)).toBe(88_600);
    expect(await inDb(app.db).value`SELECT COUNT(*) FROM mall_orders`).toBe(2);
    await expectLedgerExact(app);
  });

  it('sells the last unit to exactly one of several racing players', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => registerPlayer(app)));
    for (const p of players) {
      await setVip(app, p.info.uid, 3);
      await givePoints(app, p.info.uid, 50_000);
    }
    await setStockLeft(5, 1);
    const answers = await Promise.all(players.map((p) => order(p.client, 5)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === Code.MALL_OUT_OF_STOCK)).toHaveLength(4);
    const points = await Promise.all(players.map((p) => pointsOf(p.client)));
    expect(points.sort()).toEqual([10_000, 50_000, 50_000, 50_000, 50_000]);
    const balances = await Promise.all(players.map((p) => balanceOf(p.client)));
    expect(balances.reduce((sum, b) => sum + b.balance, 0)).toBe(1000);
    const item = await inDb(app.db).get`SELECT stock_total, sold FROM mall_items WHERE id = 5`;
    expect(item).toEqual({ stock_total: 20, sold: 20 });
    await expectLedgerExact(app);
  });

  it('never lets parallel orders of one player spend more points than they have', async () => {
    const { client, info: who } = await registerPlayer(app);
    await givePoints(app, who.uid, 1400);
    const answers = await Promise.all([1, 2, 3, 4].map(() => order(client, 1)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === Code.MALL_POINTS_LOW)).toHaveLength(2);
    expect(await balanceOf(client)).toMatchObject({ point: 400, balance: 20 });
    await expectLedgerExact(app);
  });

  it('keeps sales when the seed is applied again', async () => {
    const { client, info: who } = await registerPlayer(app);
    await setVip(app, who.uid, 1);
    await givePoints(app, who.uid, 9000);
    await order(client, 4, 2);
    const { seedMall } = await import('./seed');
    await seedMall(app.db);
    expect((await info(client)).items.find((i) => i.id === 4)).toMatchObject({ stock: 498, exchanged: 2 });
  });
});
