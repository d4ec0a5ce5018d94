import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { toolingStateFiles } from '../../server/src/domains/tooling/tooling-state';
import { launchBrowser } from './browser';

export interface E2eServer {
  url: string;
  /** The operator token of /ops, for tests that act as the operator. */
  adminToken: string;
  close(): Promise<void>;
}

/** The whole server on a random port with a fresh database file, serving the built client. */
export async function startServer(): Promise<E2eServer> {
  const dbFile = join(tmpdir(), `casino-e2e-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`);
  const app = await buildApp({ config: testConfig({ dbFile }), serveClient: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The e2e server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    adminToken: app.config.adminToken,
    async close() {
      await app.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
      // The tester state the server keeps beside its database file, written last when it closed.
      const kept = toolingStateFiles(dbFile);
      for (const file of kept ? [kept.state, kept.log] : []) rmSync(file, { force: true });
    },
  };
}

/**
 * The real server and Chromium for one test file: started before its tests, closed after them. Read
 * `live.server` and `live.browser` inside the tests (they exist once the file's beforeAll ran).
 */
export function liveStack(): { server: E2eServer; browser: Browser } {
  const live = {} as { server: E2eServer; browser: Browser };
  beforeAll(async () => {
    live.server = await startServer();
    live.browser = await launchBrowser();
  });
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.close();
  });
  return live;
}
