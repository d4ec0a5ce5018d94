import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { bet, deposit, gameSession, player } from '../../test/play';
import { givePoints } from '../../test/rewards';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

type Entry = { type: string; reference: string; remark: string; detail: string };

describe('account records', () => {
  it('say what a player understands: the wallet by name, the game and a short round number', async () => {
    const me = await player(app);
    await deposit(app, me.client, 500);
    const session = await gameSession(app, me.client);
    await bet(app, session, 10);
    const gameName = (await inDb(app.db)
      .value<string>`SELECT name FROM games WHERE provider_game = 'house-fiesta-reels'`) as string;

    const answer = await me.client.get<{ list: Entry[] }>('/api/user/balanceJournal/fetch', { page: 1, size: 20 });
    expect(answer.body.success).toBe(true);
    const list = answer.body.data.list;
    const paid = list.find((e) => e.type === 'deposit');
    expect(paid?.detail).toBe('GCash');
    const staked = list.find((e) => e.type === 'bet');
    expect(staked?.detail).toMatch(new RegExp(`^${gameName} #[0-9A-F]{8}$`));
    expect(staked?.detail).not.toContain(staked?.reference);
  });

  it("say the domains' remarks in the player's language; an operator's reason as written", async () => {
    const me = await player(app);
    const { userId } = me;
    await app.db.transaction(async () => {
      await app.services.grants.grant(userId, {
        key: 'test:vip',
        source: 'vip',
        rewards: [{ type: 'cash', amount: 5 }],
        remark: 'VIP 2 monthly reward',
      });
      await app.services.grants.grant(userId, {
        key: 'test:other',
        source: 'vip',
        rewards: [{ type: 'cash', amount: 1 }],
        remark: 'Goodwill from Maria',
      });
    })();
    const details = async (language: string) =>
      (
        await me.client.request<{ list: Entry[] }>({
          method: 'GET',
          url: '/api/user/balanceJournal/fetch?page=1&size=20',
          headers: { language },
        })
      ).body.data.list.map((e) => e.detail);
    expect(await details('vi-VN')).toEqual(expect.arrayContaining(['Thưởng hằng tháng VIP 2', 'Goodwill from Maria']));
    expect(await details('en-US')).toEqual(expect.arrayContaining(['VIP 2 monthly reward', 'Goodwill from Maria']));
  });

  it("name a mall item and a task in the player's language, though the row's remark is English", async () => {
    const me = await player(app);
    await givePoints(app, me.uid, 500);
    const bought = await me.client.post<{ orderNo: string }>('/api/mallExchange/order', { itemId: 1, quantity: 1 });
    expect(bought.body.success).toBe(true);
    expect((await me.client.post('/api/task/claim', { code: 'daily_login' })).body.success).toBe(true);
    const rows = async (language: string) =>
      (
        await me.client.request<{ list: Entry[] }>({
          method: 'GET',
          url: '/api/user/balanceJournal/fetch?page=1&size=20',
          headers: { language },
        })
      ).body.data.list;
    const orderNo = bought.body.data.orderNo;
    const vi = await rows('vi-VN');
    const detailOf = (list: Entry[], reference: string) => list.find((e) => e.reference === reference)?.detail;
    // The points spent and the cash the order paid both name the item as the mall shows it in Vietnamese.
    expect(detailOf(vi, orderNo)).toBe('Cửa hàng: 1 x ₱10 tiền mặt');
    expect(detailOf(vi, `mall:${orderNo}`)).toBe('Cửa hàng: 1 x ₱10 tiền mặt');
    const taskRow = vi.find((e) => e.reference.startsWith('task:daily_login'));
    expect(taskRow?.remark).toBe('Log in today');
    expect(taskRow?.detail).toBe('Đăng nhập hôm nay');
    const en = await rows('en-US');
    expect(detailOf(en, orderNo)).toBe('Mall: 1 x ₱10 cash');
    expect(en.find((e) => e.reference.startsWith('task:daily_login'))?.detail).toBe('Log in today');
  });
});
