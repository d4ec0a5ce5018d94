import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { MemoryBroker, MemoryNetwork } from '../../plugins/broker';
import { opsClient, registerPlayer, TestClient, testApp } from '../../test/helpers';

/**
 * The request log of a cluster: two apps on one memory network are two processes (broker.redis.test.ts
 * runs the same over Redis). Each records what it answered; /ops/requests on either shows both.
 */
type Logged = { id: number; path: string; process: string; uid: number | null };
type Log = {
  requests: Logged[];
  frames: { event: string; process: string; uid: number | null }[];
  processes: { answered: number; silent: number };
};

const opened: FastifyInstance[] = [];
const brokers: MemoryBroker[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

async function processNamed(processName: string, network?: MemoryNetwork) {
  const app = await testApp({ config: testConfig({ processName }), broker: new MemoryBroker(network) });
  opened.push(app);
  return app;
}
/** Entries of two processes are ordered by time in milliseconds: requests compared across them are a few ms apart. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 3));
const read = async (app: FastifyInstance, query: Record<string, string | number> = {}) =>
  (await opsClient(app).get<Log>('/ops/requests', query)).body.data;

describe('the request log of a cluster', () => {
  it('alone, is the process’s own log, each entry named after the process', async () => {
    const app = await processNamed('solo');
    await new TestClient(app).get('/api/config/fetch');
    const log = await read(app);
    expect(log.processes).toEqual({ answered: 1, silent: 0 });
    expect(log.requests.map((r) => [r.path, r.process])).toEqual([['/api/config/fetch', 'solo']]);
  });

  it('read on either process: both processes’ requests and frames, newest first, to the limit', async () => {
    const network = new MemoryNetwork();
    const a = await processNamed('server-a', network);
    const b = await processNamed('server-b', network);
    await new TestClient(a).get('/api/config/fetch?first');
    await nextMillisecond();
    const onB = await registerPlayer(b);
    await onB.client.get('/api/user/info');
    await nextMillisecond();
    await new TestClient(a).get('/api/config/fetch?last');
    const userId = (await b.services.users.byUid(onB.info.uid))?.id ?? 0;
    b.socket.pushAny(userId, 'test.loose', null);

    for (const reader of [a, b]) {
      const log = await read(reader);
      expect(log.processes).toEqual({ answered: 2, silent: 0 });
      expect(log.requests.map((r) => [r.path, r.process])).toEqual([
        ['/api/config/fetch?last', 'server-a'],
        ['/api/user/info', 'server-b'],
        ['/api/user/custom/register', 'server-b'],
        ['/api/user/sms/send/register', 'server-b'],
        ['/api/config/fetch?first', 'server-a'],
      ]);
      // Ids are each process's own: the first request of each is 1.
      expect(log.requests.filter((r) => r.id === 1)).toHaveLength(2);
      expect(log.frames).toEqual([expect.objectContaining({ event: 'test.loose', process: 'server-b' })]);
    }
    const two = await read(a, { limit: 2 });
    expect(two.requests.map((r) => r.path)).toEqual(['/api/config/fetch?last', '/api/user/info']);
    expect((await read(a, { uid: onB.info.uid })).requests.map((r) => r.path)).toEqual([
      '/api/user/info',
      '/api/user/custom/register',
    ]);

    const har = await a.inject({
      method: 'GET',
      url: '/ops/requests.har?path=/api/',
      headers: { authorization: `Bearer ${a.config.adminToken}` },
    });
    const { entries } = (har.json() as { log: { entries: { _process?: string; _resourceType?: string }[] } }).log;
    expect(entries.filter((e) => e._resourceType !== 'websocket').map((e) => e._process)).toEqual([
      'server-a',
      'server-b',
      'server-b',
      'server-b',
      'server-a',
    ]);

    // A clear on B empties A's part too, before it answers.
    expect((await opsClient(b).request({ method: 'DELETE', url: '/ops/requests' })).body.success).toBe(true);
    const after = await read(a);
    expect(after.requests).toEqual([]);
    expect(after.frames).toEqual([]);
  });

  it('leaves out a process that does not answer in time, and says so', async () => {
    const network = new MemoryNetwork();
    const a = await processNamed('server-a', network);
    const stuck = new MemoryBroker(network);
    brokers.push(stuck);
    stuck.answer('requests.find', () => new Promise(() => undefined));
    await new TestClient(a).get('/api/config/fetch');
    const log = await read(a);
    expect(log.processes).toEqual({ answered: 1, silent: 1 });
    expect(log.requests.map((r) => r.process)).toEqual(['server-a']);
  });
});
