import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { hashed, newPlayer, opsClient, signUpCode, TestClient, testApp } from '../test/helpers';

/** Behind the stack's nginx every request comes from 127.0.0.1: TRUST_PROXY makes request.ip the player's. */
describe('TRUST_PROXY', () => {
  const trusting = testApp({ config: testConfig({ trustProxy: ['127.0.0.1'] }) });
  const plain = testApp();
  afterAll(async () => {
    await (await trusting).close();
    await (await plain).close();
  });

  async function sessionIp(appPromise: typeof plain) {
    const app = await appPromise;
    const player = newPlayer();
    const client = new TestClient(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' });
    const registered = await client.post<{ uid: number }>('/api/user/custom/register', {
      username: player.username,
      password: hashed(player.password),
      phone: player.phone,
      agree: true,
      smsCode: await signUpCode(app, player.phone),
    });
    expect(registered.body.success).toBe(true);
    const sessions = await opsClient(app).get<{ ip: string }[]>(`/ops/users/${registered.body.data.uid}/sessions`);
    return sessions.body.data[0]?.ip;
  }

  it("records the forwarded address when the proxy is trusted, and the socket's otherwise", async () => {
    expect(await sessionIp(trusting)).toBe('203.0.113.7');
    expect(await sessionIp(plain)).toBe('127.0.0.1');
  });
});
