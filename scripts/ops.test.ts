import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { scenarios } from '../server/src/domains/tooling/scenarios';
import { registerPlayer, TEST_NOW } from '../server/src/test/helpers';
import { HELP, run, toCall } from './ops';

let app: FastifyInstance;
let url = '';
beforeAll(async () => {
  app = await buildApp({ config: testConfig(), frozenAt: TEST_NOW });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(() => app.close());

/** Runs the CLI against the live test server; returns the exit code and what it printed. */
async function ops(line: string, token: string | undefined = app.config.adminToken) {
  const out: string[] = [];
  const code = await run(line.split(' ').filter(Boolean), { url, token, print: (t) => out.push(t) });
  return { code, text: out.join('\n') };
}

describe('npm run ops', () => {
  it('prints help, naming every scenario', async () => {
    expect(await ops('--help')).toEqual({ code: 0, text: HELP });
    for (const scenario of scenarios) expect(HELP).toContain(scenario.name);
    expect((await ops('no-such-command')).code).toBe(2);
  });

  it('needs the token, and a wrong one fails with the 30001 message', async () => {
    expect((await ops('clock', '')).code).toBe(2);
    const wrong = await ops('clock', 'wrong-token-0123456789');
    expect(wrong.code).toBe(1);
    expect(wrong.text).toContain('code 30001');
  });

  it('freezes, resumes and puts the clock back to real time', async () => {
    const clock = async (line: string) =>
      JSON.parse((await ops(line)).text) as { now: string; frozen: boolean; offsetMs: number };
    const resumed = await clock('clock resume');
    expect(resumed.frozen).toBe(false);
    expect(Date.parse(resumed.now)).toBeGreaterThanOrEqual(TEST_NOW.getTime()); // runs on from where it stood
    const frozen = await clock('clock freeze');
    expect(frozen.frozen).toBe(true);
    expect((await clock('clock')).now).toBe(frozen.now);
    expect(await clock('clock real')).toMatchObject({ frozen: false, offsetMs: 0 });
    // Back to the frozen test instant for the other tests.
    await clock('clock freeze');
    expect(await clock(`clock set ${TEST_NOW.toISOString()}`)).toMatchObject({
      now: TEST_NOW.toISOString(),
      frozen: true,
    });
  });

  it('moves the clock, loads a scenario, switches faults, saves and restores snapshots', async () => {
    expect(JSON.parse((await ops('clock advance 1h')).text).now).toBe(
      new Date(TEST_NOW.getTime() + 3_600_000).toISOString(),
    );
    expect((await ops('scenario pending-withdrawal')).code).toBe(0);
    const pending = JSON.parse((await ops('withdrawals --status 0')).text) as { list: { orderNo: string }[] };
    expect(pending.list).toHaveLength(3);
    expect((await ops('snapshot save three-pending')).code).toBe(0);
    expect((await ops(`review ${pending.list[0]?.orderNo}`)).code).toBe(0);
    expect(JSON.parse((await ops('withdrawals --status 0')).text).list).toHaveLength(2);
    expect((await ops('snapshot restore three-pending')).code).toBe(0);
    expect(JSON.parse((await ops('withdrawals --status 0')).text).list).toHaveLength(3);

    const fault = JSON.parse((await ops('fault error --route /api/user/info --code 20002 --count 2')).text);
    expect(fault).toMatchObject({ kind: 'error', code: 20002, remaining: 2 });
    expect(JSON.parse((await ops('faults')).text).faults).toHaveLength(1);
    expect(JSON.parse((await ops('unfault')).text)).toEqual({ removed: 1 });
  });

  it('calls any /ops route generically and lists the routes', async () => {
    const { info } = await registerPlayer(app);
    expect(JSON.parse((await ops(`get /ops/users/${info.uid}`)).text).uid).toBe(info.uid);
    expect(JSON.parse((await ops(`post /ops/users/${info.uid}/adjust amount=12.5 reason=cli`)).text).balance).toBe(
      12.5,
    );
    expect((await ops(`adjust ${info.uid} 7.5 bonus`)).code).toBe(0);
    expect(JSON.parse((await ops(`journal ${info.uid}`)).text).total).toBe(2);
    const routes = await ops('routes');
    expect(routes.text).toContain('POST   /ops/scenarios/:name');
    expect(routes.text).toContain('GET    /ops/withdrawals');
  });

  it('sends a letter with rewards, creates a code and reads a VIP card through the shortcuts', async () => {
    const { info } = await registerPlayer(app);
    const sent = await run(
      ['letter', String(info.uid), 'A gift', 'For', 'you', '--cash', '50', '--coupon', 'RELOAD20'],
      {
        url,
        token: app.config.adminToken,
        print: () => {},
      },
    );
    expect(sent).toBe(0);
    const letters = JSON.parse((await ops(`letters --uid ${info.uid}`)).text) as {
      list: { titleEn: string; contentEn: string; type: string; rewards: { type: string }[] }[];
    };
    expect(letters.list[0]).toMatchObject({ titleEn: 'A gift', contentEn: 'For you', type: 'reward' });
    expect(letters.list[0]?.rewards.map((r) => r.type)).toEqual(['cash', 'coupon']);

    expect(JSON.parse((await ops('code CLI-TEST --uses 3 --points 25 --min-vip 1')).text)).toMatchObject({
      code: 'CLI-TEST',
      totalUses: 3,
      minVip: 1,
      left: 3,
    });
    expect(JSON.parse((await ops('codes cli')).text).list.map((c: { code: string }) => c.code)).toEqual(['CLI-TEST']);
    expect((await ops('code NO-USES --points 1')).code).toBe(2);
    expect(JSON.parse((await ops(`vip ${info.uid}`)).text)).toMatchObject({ uid: info.uid, vip: { level: 0 } });
  });

  it('exports a snapshot to a file and imports it back under another name; exports and replays a HAR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    try {
      await registerPlayer(app);
      expect((await ops('snapshot save cli-export')).code).toBe(0);
      const file = join(dir, 'state.db');
      const exported = await ops(`snapshot export cli-export ${file}`);
      expect(exported.text).toMatch(/^saved .*state\.db \(\d+ bytes\)$/);
      expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
      expect(JSON.parse((await ops(`snapshot import ${file}`)).text)).toMatchObject({ name: 'state', note: '' });
      expect((await ops('snapshot restore state')).code).toBe(0);
      const har = join(dir, 'session.har');
      expect((await ops(`har ${har}`)).code).toBe(0);
      const replay = JSON.parse((await ops(`replay ${har} --scenario fresh`)).text);
      expect(replay.scenario).toBe('fresh');
      expect(replay.replayed).toBeGreaterThan(0);
      expect(replay.same + replay.different).toBe(replay.replayed);
      const missing = await ops(`snapshot export no-such ${join(dir, 'none.db')}`);
      expect(missing).toMatchObject({ code: 1, text: expect.stringContaining('code 30005') });
      expect(existsSync(join(dir, 'none.db'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('maps shortcuts to their routes', () => {
    expect(toCall(['reject', 'W2026112000000001', 'name', 'mismatch'])).toEqual({
      method: 'POST',
      path: '/ops/withdrawals/W2026112000000001/reject',
      body: { reason: 'name mismatch' },
    });
    expect(toCall(['fault', 'deposit.late', '--delay', '600', '--uid', '12345678'])).toMatchObject({
      body: { kind: 'deposit.late', delaySeconds: 600, uid: 12345678 },
    });
    expect(
      toCall([
        'fault',
        'latency',
        '--regex',
        '^/api/(user|balance)',
        '--ms',
        '300',
        '--jitter',
        '50',
        '--distribution',
        'normal',
        '--probability',
        '0.5',
      ]),
    ).toMatchObject({
      body: {
        kind: 'latency',
        regex: '^/api/(user|balance)',
        ms: 300,
        jitterMs: 50,
        distribution: 'normal',
        probability: 0.5,
      },
    });
    expect(
      toCall(['fault', 'error', '--route', '/api/balance', '--code', '10003', '--msg', 'Down', '--data', '{"a":1}']),
    ).toMatchObject({
      body: { msg: 'Down', data: { a: 1 } },
    });
    expect(toCall(['fault', 'poker.card', '--card', 'BJ'])).toMatchObject({ body: { kind: 'poker.card', card: 'BJ' } });
    expect(toCall(['letter', 'all', 'News', '--vi-title', 'Tin', '--points', '10'])).toEqual({
      method: 'POST',
      path: '/ops/letters',
      body: { all: true, titleEn: 'News', contentEn: 'News', titleVi: 'Tin', rewards: [{ type: 'point', amount: 10 }] },
    });
    expect(toCall(['snapshot', 'restore', 'x', '--keep-clock'])).toMatchObject({ body: { keepClock: true } });
    expect(toCall(['clock', 'freeze'])).toEqual({ method: 'POST', path: '/ops/clock', body: { action: 'freeze' } });
    expect(toCall(['clock', 'real'])).toEqual({ method: 'POST', path: '/ops/clock', body: { action: 'real' } });
    expect(toCall(['push', '12345678', 'inbox.unread', '3'])).toMatchObject({
      body: { event: 'inbox.unread', content: 3 },
    });
  });
});
