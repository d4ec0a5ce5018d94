import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../../../scripts/lib/postgres.mjs';
import { startRedis } from '../../../scripts/lib/redis.mjs';
import { migrateDb } from '../db/migrate';
import { openPostgres } from '../db/postgres/open';
import { seedDomains } from '../domains';

/** The template every test database is copied from: migrated and seeded once per run. */
export const TEMPLATE = 'casino_template';

/**
 * Global set-up of `npm run test:stores`: a PostgreSQL server of its own in a temporary folder, a template
 * database migrated and seeded once, a Redis on a free port, and the environment testConfig() reads
 * (TEST_STORE=postgres, TEST_REDIS_URL), so that every test app opens a fresh copy of the template
 * (CREATE DATABASE ... TEMPLATE ...) and uses the Redis broker under a key prefix of its own.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'casino-pg-'));
  // As root the server runs as the postgres user, who must reach the cluster folder inside.
  chmodSync(dir, 0o755);
  const redis: { url: string; stop(): Promise<void> } = await startRedis();
  const server = await startPostgres({ dir: join(dir, 'cluster'), port: 5432 }).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  const stop = async () => {
    await redis.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    server.psql(`CREATE DATABASE ${TEMPLATE}`);
    const template = openPostgres(server.urlOf(TEMPLATE));
    try {
      await migrateDb(template);
      await seedDomains(template);
    } finally {
      await template.close();
    }
  } catch (error) {
    // A set-up that fails leaves no server running behind it.
    await stop();
    throw error;
  }
  process.env.TEST_STORE = 'postgres';
  process.env.TEST_DATABASE_URL = server.url;
  process.env.TEST_DATABASE_TEMPLATE = TEMPLATE;
  process.env.TEST_REDIS_URL = redis.url;
  return stop;
}
