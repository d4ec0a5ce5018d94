import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { AppError } from '../../errors';
import { registerPlayer, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { balanceOf } from '../../test/money';
import { assertLedgerWhole } from '../ledger/whole';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

const userIdOf = async (uid: number) =>
  ((await inDb(app.db).get<{ id: number }>`SELECT id FROM users WHERE uid = ${uid}`) as { id: number }).id;

describe('reward grants', () => {
  it('credits cash, points and energy once per key and journals the cash with its turnover', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    const rewards = await app.services.grants.grant(userId, {
      key: 'test.once:1',
      source: 'test',
      rewards: [
        { type: 'cash', amount: 12_345 },
        { type: 'point', amount: 40 },
        { type: 'energy', amount: 3 },
      ],
      turnoverMultiple: 10,
    });
    expect(rewards).toEqual([
      { type: 'cash', amount: 123.45 },
      { type: 'point', amount: 40 },
      { type: 'energy', amount: 3 },
    ]);
    await expect(
      app.services.grants.grant(userId, { key: 'test.once:1', source: 'test', rewards: [] }),
    ).rejects.toThrow(new AppError(Code.REWARD_ALREADY_CLAIMED));
    const vo = await balanceOf(client);
    expect(vo.balance).toBe(123.45);
    expect(vo.point).toBe(40);
    // The cash opens its own wagering requirement: 10x, locking the 123.45 and nothing else.
    expect(vo).toMatchObject({ surplus: 0, withdrawalAmount: 0 });
    expect(await app.services.ledger.wagering(userId)).toMatchObject({
      locked: 12_345,
      open: [expect.objectContaining({ source: 'test', bonus: 12_345, required: 123_450, done: 0 })],
    });
    expect(await app.services.grants.energy(userId)).toBe(3);
    expect(await app.services.grants.isClaimed(userId, 'test.once:1')).toBe(true);
    expect(await app.services.grants.claimOf(userId, 'test.once:1')).toEqual(rewards);
    await assertLedgerWhole(app.db);
  });

  it('writes nothing when a part of the grant fails', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    await expect(
      app.services.grants.grant(userId, {
        key: 'test.broken',
        source: 'test',
        rewards: [
          { type: 'cash', amount: 500 },
          { type: 'coupon', amount: 1, coupon: 'NO_SUCH_TEMPLATE' },
        ],
      }),
    ).rejects.toThrow();
    expect((await balanceOf(client)).balance).toBe(0);
    expect(await app.services.grants.isClaimed(userId, 'test.broken')).toBe(false);
  });

  it('spends energy only when there is enough', async () => {
    const { info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    await app.services.grants.grant(userId, { key: 'e', source: 'test', rewards: [{ type: 'energy', amount: 2 }] });
    expect(await app.services.grants.spendEnergy(userId, 3)).toBe(false);
    expect(await app.services.grants.spendEnergy(userId, 2)).toBe(true);
    expect(await app.services.grants.energy(userId)).toBe(0);
  });
});

describe('badge counters', () => {
  it('answers provided counters and pushes only the ones that changed', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = await userIdOf(info.uid);
    let unread = 2;
    app.services.badges.provide('letterUnreadNum', async () => unread);
    const pushed: unknown[] = [];
    const original = app.socket.push.bind(app.socket);
    app.socket.push = (id, event, content) => {
      pushed.push({ id, event, content });
      return original(id, event, content);
    };
    const badge = await client.get<Record<string, number>>('/api/badge/data');
    expect(badge.body.data.letterUnreadNum).toBe(2);
    // The counters are computed again asynchronously: the next turn of the event loop sees what was pushed.
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    app.events.emit('badge.stale', { userId, counters: ['letterUnreadNum'] });
    await settled();
    expect(pushed).toEqual([]);
    unread = 1;
    app.events.emit('badge.stale', { userId, counters: ['letterUnreadNum'] });
    await settled();
    expect(pushed).toEqual([{ id: userId, event: 'inbox.unread', content: 1 }]);
  });
});
