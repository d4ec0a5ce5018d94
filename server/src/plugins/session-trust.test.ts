import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerPlayer, type TestClient, testApp } from '../test/helpers';
import { inDb } from '../test/in-db';
import type { Broker } from './broker';
import { CLUSTER_SESSION_TRUST_MS, createSessionService } from './session.service';

/**
 * A revocation that cannot be lost (issue 26): process B caches a session; process A revokes it while
 * Redis blinks, so B never hears the pub/sub message. The database is the truth: B reads it again once
 * its cached entry is older than CLUSTER_SESSION_TRUST_MS, and refuses the session from then on.
 */
afterEach(() => {
  vi.useRealTimers();
});

/** A Redis broker whose messages are all lost (the blip), as far as the session service uses it. */
const deafBroker = { kind: 'redis', id: 'b', publish: () => {}, subscribe: () => () => {} } as unknown as Broker;

/** The session service of a second process on the same database, whose broker hears nothing. */
const otherProcess = (app: FastifyInstance) =>
  createSessionService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    events: app.events,
    log: app.log,
    broker: deafBroker,
  });
const tokenOf = (client: TestClient) => client.cookie.replace(/^sid=/, '');

describe('a session cached by another process', () => {
  it('ends there within the stated bound when its revocation message was lost', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const app = await testApp();
    try {
      const { client } = await registerPlayer(app);
      const token = tokenOf(client);
      expect(token).not.toBe('');
      const processB = otherProcess(app);
      const user = await processB.authenticate(token);
      expect(user).not.toBeNull();

      // Process A (the app) ends it: logout; B hears nothing.
      expect((await client.post('/api/user/logout')).body.success).toBe(true);
      expect(await processB.authenticate(token)).not.toBeNull(); // still within the trusted time
      vi.advanceTimersByTime(CLUSTER_SESSION_TRUST_MS);
      expect(await processB.authenticate(token)).toBeNull();
      expect(await processB.authenticate(token)).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('reaches a suspension made behind its back too', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const app = await testApp();
    try {
      const { client, info } = await registerPlayer(app);
      const token = tokenOf(client);
      const processB = otherProcess(app);
      expect(await processB.authenticate(token)).not.toBeNull();
      await inDb(app.db).run`UPDATE users SET status = 'suspended' WHERE uid = ${info.uid}`;
      vi.advanceTimersByTime(CLUSTER_SESSION_TRUST_MS);
      expect(await processB.authenticate(token)).toBeNull();
    } finally {
      await app.close();
    }
  });
});
