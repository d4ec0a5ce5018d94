import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stores`: the tests of the other stores, each on a real server from Debian's packages.
 * - postgres: the adapter's own tests (*.pg.test.ts) and chosen server test files (money, withdrawals and
 *   their races, deposit callbacks, sessions) again with TEST_STORE=postgres: every test app opens a fresh
 *   copy of a migrated template database (server/src/test/stores-setup.ts);
 * - redis: the broker's tests (*.redis.test.ts).
 * The default `npm test` (vitest.config.ts) leaves these patterns out, so it needs neither server.
 */
export const POSTGRES_SERVER_TESTS = [
  'server/src/domains/ledger/ledger.test.ts',
  'server/src/domains/withdraw/withdraw.test.ts',
  'server/src/domains/withdraw/race.test.ts',
  'server/src/domains/deposit/deposit.test.ts',
  'server/src/domains/user/session-security.test.ts',
];

/**
 * The tester's tools (snapshots, scenarios, the kept tooling state, the test harness) again on PostgreSQL:
 * snapshots are schemas of the test database there (domains/tooling/pg-snapshots.ts).
 */
export const POSTGRES_TOOLING_TESTS = [
  'server/src/domains/tooling/snapshots.test.ts',
  'server/src/domains/tooling/scenarios.test.ts',
  'server/src/domains/tooling/tooling-state.test.ts',
  'server/src/test/harness.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60000,
    hookTimeout: 60000,
    projects: [
      {
        test: {
          name: 'postgres',
          include: ['server/src/**/*.pg.test.ts', ...POSTGRES_SERVER_TESTS, ...POSTGRES_TOOLING_TESTS],
          environment: 'node',
          globalSetup: ['server/src/test/stores-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'redis',
          include: ['server/src/**/*.redis.test.ts'],
          environment: 'node',
          passWithNoTests: true,
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
