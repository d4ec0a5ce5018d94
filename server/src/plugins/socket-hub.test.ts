import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Frame } from '../../../shared/socket';
import { signFields } from '../lib/signature';
import { hashed, opsClient, registerPlayer, TestClient, testApp } from '../test/helpers';
import { readyPlayer, uploadDocuments, withdraw } from '../test/money';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(() => app.close());

/** Collects the frames a socket receives; `next(event)` waits for the next one of that event. */
function listen(ws: WebSocket) {
  const frames: Frame[] = [];
  const waiters: { event: string; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as Frame;
    frames.push(frame);
    const index = waiters.findIndex((w) => w.event === frame.event);
    if (index >= 0) waiters.splice(index, 1)[0]?.resolve(frame);
  });
  return {
    frames,
    next: (event: string) =>
      new Promise<Frame>((resolve, reject) => {
        const seen = frames.find((f) => f.event === event && !('taken' in f));
        if (seen) {
          Object.assign(seen, { taken: true });
          return resolve(seen);
        }
        waiters.push({ event, resolve });
        setTimeout(() => reject(new Error(`no ${event} frame`)), 2000);
      }),
  };
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

describe('the socket', () => {
  it('refuses an upgrade without a session or for another uid', async () => {
    await expect(app.injectWS('/webSocket/12345678')).rejects.toThrow();
    const { client, info } = await registerPlayer(app);
    await expect(app.injectWS(`/webSocket/${info.uid + 1}`, { headers: { cookie: client.cookie } })).rejects.toThrow();
  });

  it('runs every handler of a nudged topic for a player connected here, and none for one who is not', async () => {
    const { client, info } = await registerPlayer(app);
    const userId = (await app.services.users.byUid(info.uid))?.id ?? 0;
    const heard: string[] = [];
    app.socket.onNudge('test.both', (id) => heard.push(`first:${id}`));
    app.socket.onNudge('test.both', (id) => heard.push(`second:${id}`));
    app.socket.nudge(userId, 'test.both');
    expect(heard).toEqual([]);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    app.socket.nudge(userId, 'test.both');
    expect(heard).toEqual([`first:${userId}`, `second:${userId}`]);
    ws.close();
  });

  it('answers ping with pong and delivers pushes with a sid until acknowledged', async () => {
    const { client, info } = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const inbox = listen(ws);
    ws.send(JSON.stringify({ event: 'ping', sid: '' }));
    expect((await inbox.next('pong')).sid).toBe('');

    const userId = (await app.services.users.byUid(info.uid))?.id ?? 0;
    const sid = app.socket.pushAny(userId, 'test.push', 3);
    const frame = await inbox.next('test.push');
    expect(frame).toMatchObject({ sid, content: 3 });
    ws.close();

    // Not acknowledged: sent again on the next connection; acknowledged: gone.
    const again = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const second = listen(again);
    again.send(JSON.stringify({ event: 'ping', sid: '' }));
    expect((await second.next('test.push')).sid).toBe(sid);
    again.send(JSON.stringify({ event: 'ack', sid }));
    await new Promise((r) => setTimeout(r, 50));
    again.close();
    const third = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const thirdInbox = listen(third);
    third.send(JSON.stringify({ event: 'ping', sid: '' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(thirdInbox.frames.filter((f) => f.event === 'test.push')).toEqual([]);
    third.close();
  });

  it('closes the socket of a session ended by a new login', async () => {
    const { client, info, player } = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const inbox = listen(ws);
    const code = closed(ws);
    const other = new TestClient(app);
    await other.post('/api/user/login', { username: player.username, password: hashed(player.password) });
    expect((await inbox.next('session.ended')).event).toBe('session.ended');
    expect(await code).toBe(4001);
  });

  it('pushes deposit.settled and the new balance when a deposit is paid', async () => {
    const { client, info } = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const inbox = listen(ws);
    const order = await client.post<{ orderNo: string }>('/api/recharge/build', { channel: 'gcash', amount: 750 });
    const fields = {
      orderNo: order.body.data.orderNo,
      amount: '750.00',
      status: 'SUCCESS',
      gatewayRef: 'G1',
      timestamp: app.clock.iso(),
    };
    await app.inject({
      method: 'POST',
      url: '/api/payment/callback',
      payload: { ...fields, signature: signFields(fields, app.config.paymentSecret) },
    });
    expect((await inbox.next('deposit.settled')).content).toEqual({ orderNo: fields.orderNo, status: 1 });
    expect((await inbox.next('balance.changed')).content).toEqual({ balance: 750 });
    ws.close();
  });

  it("pushes kyc.changed with the operator's decision on the player's identity", async () => {
    const { client, info } = await registerPlayer(app);
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const inbox = listen(ws);
    await uploadDocuments(client);
    await client.post('/api/user/kyc/submit', {
      realName: 'Juan Dela Cruz',
      birthDate: '01/15/1990',
      idType: 'umid',
      idNumber: '123456789012',
    });
    await opsClient(app).post(`/ops/kyc/${info.uid}/decide`, { decision: 'rejected', reason: 'Blurred photo' });
    expect((await inbox.next('kyc.changed')).content).toEqual({ status: 'rejected' });
    ws.close();
  });

  it('pushes withdraw.changed with the new status and the balance when a withdrawal is rejected', async () => {
    const { client, info } = await readyPlayer(app, { funds: 1_000 });
    const ws = await app.injectWS(`/webSocket/${info.uid}`, { headers: { cookie: client.cookie } });
    const inbox = listen(ws);
    const created = await withdraw(app, client, 400);
    expect((await inbox.next('balance.changed')).content).toEqual({ balance: 600 });
    const { orderNo } = created.body.data;
    await opsClient(app).post(`/ops/withdrawals/${orderNo}/reject`, { reason: 'Name does not match' });
    expect((await inbox.next('withdraw.changed')).content).toEqual({ orderNo, status: 4 });
    expect((await inbox.next('balance.changed')).content).toEqual({ balance: 1_000 });
    ws.close();
  });
});
