import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stores`: the tests of the other stores, each on a real server from Debian's packages.
 * - postgres: the adapter's own tests (*.pg.test.ts) and every money, session and socket server test file
 *   again with TEST_STORE=postgres and TEST_REDIS_URL (server/src/test/stores-setup.ts): every test app
 *   opens a fresh copy of a migrated and seeded template database (made ahead, in the background) and
 *   uses the Redis broker under a key prefix of its own, so files running side by side never share a
 *   clock, faults, rate limits or pushes;
 * - redis: the broker's tests (*.redis.test.ts), but for those in the postgres project's lists.
 * The default `npm test` (vitest.config.ts) leaves these patterns out, so it needs neither server.
 *
 * Server test files left out of the PostgreSQL run, and why:
 * - SQLite by nature: db/batch, startup (SQLite files, pragmas, a locked file), tooling/snapshot-files
 *   (snapshot files are SQLite databases; on PostgreSQL both routes answer 30041, which
 *   cluster-restore.pg.test.ts checks), audit (it restores a snapshot file);
 * - SQLite in the test's own checks: config (counts the seed's writes with total_changes()), game/catalog
 *   (pragma_table_list, and the query plan of SQLite's EXPLAIN QUERY PLAN);
 * - not yet tried on these stores (neither money, sessions nor sockets): authz, plugins/clock, code-check,
 *   cors, docs, trust-proxy, client-app, architecture, core, fuzz-1..3 (test/fuzz-suite.ts), fuzz-shards,
 *   lib/pretty-log, test/readme-example.
 */
export const POSTGRES_SERVER_TESTS = [
  // Operator accounts: sign-in, TOTP replay, lock-out, sessions, roles (issue 29 item 1).
  'server/src/domains/operator/operator.test.ts',
  'server/src/domains/ledger/ledger.test.ts',
  // Issue 27: the statements (round trips) of the balance read and the provider bet.
  'server/src/domains/ledger/round-trips.test.ts',
  'server/src/domains/ledger/journal-detail.test.ts',
  'server/src/domains/ledger/forfeit.test.ts',
  'server/src/domains/withdraw/withdraw.test.ts',
  'server/src/domains/withdraw/race.test.ts',
  'server/src/domains/withdraw/money.property.test.ts',
  'server/src/domains/withdraw/trade-password.test.ts',
  'server/src/domains/withdraw/wagering.test.ts',
  'server/src/domains/withdraw/wallet.test.ts',
  // Issue 29 item 6: the withdrawal's SMS code (two tabs, replays, guesses, stale sessions).
  'server/src/domains/withdraw/sms-code.test.ts',
  'server/src/domains/deposit/deposit.test.ts',
  'server/src/domains/deposit/abandoned.test.ts',
  // Issue 27 item 5: the payment sandbox's own book (sandbox_payments) and its gateway API.
  'server/src/sandbox/payment.test.ts',
  'server/src/sandbox/payment-attacks.test.ts',
  // Issue 27 leftovers: the payment sandbox retries a webhook the casino did not take (outbox, back-off).
  'server/src/sandbox/webhook-retry.test.ts',
  // Issue 27 leftovers: deposit.late and deposit.duplicate through the outbox; abandoned webhooks redelivered.
  'server/src/sandbox/webhook-faults.test.ts',
  'server/src/domains/reward/grant.test.ts',
  'server/src/domains/reward/farmable-wagering.test.ts',
  'server/src/domains/responsible/responsible.test.ts',
  'server/src/domains/responsible/attacks.test.ts',
  'server/src/domains/responsible/play-limits.test.ts',
  'server/src/domains/reward/attacks.test.ts',
  'server/src/domains/task/task.test.ts',
  'server/src/domains/vip/vip.test.ts',
  'server/src/domains/mall/mall.test.ts',
  'server/src/domains/redemption/redemption.test.ts',
  'server/src/domains/play/play.test.ts',
  // The provider's seed book and the house's invariants (issue 25): rotation against open rounds, net risk.
  'server/src/sandbox/provider/provider.test.ts',
  // Issue 28: Caribbean Stud and Casino Hold'em take the call as a second stake (call twice, after a fold, time-out).
  'server/src/sandbox/provider/dealer-poker.test.ts',
  'server/src/sandbox/provider/seeds.test.ts',
  // Issue 27 leftovers: a bet lost in transit is rolled back (at once, or by recover).
  'server/src/sandbox/provider/in-transit.test.ts',
  // Review: an open round of a title the catalog no longer has is rolled back by recover (its stake back).
  'server/src/sandbox/provider/removed-title.test.ts',
  // Review: a dealer poker hand dealt with the call reserved (before 8adf267) is refunded whole by recover.
  'server/src/sandbox/provider/old-rules-round.test.ts',
  'server/src/sandbox/provider/house.property.test.ts',
  // Issue 28 item 2: shared tables drawn every cycle, kept on the server, drawn once by two processes.
  'server/src/sandbox/provider/tables.test.ts',
  // Issue 28 item 3: the shared fishing pond (a fish that left, made-up fish, replays, two tabs, levels).
  'server/src/sandbox/provider/pond.test.ts',
  // Issue 28 item 2: the shared crash round (insert-or-read rounds, one bet per round, one settlement per bet).
  'server/src/sandbox/provider/crash-room.test.ts',
  // Issue 27 leftover: page sessions in provider_sessions (opened on A, played on B, a restart, a logout on both).
  'server/src/sandbox/provider/sessions.test.ts',
  'server/src/domains/poker/poker.test.ts',
  'server/src/domains/user/user.test.ts',
  'server/src/domains/user/guest.test.ts',
  'server/src/domains/user/session-security.test.ts',
  'server/src/domains/user/ops-sessions.test.ts',
  // Issue 29 item 4: the sign-up SMS code (two tabs, guesses, replays) and risk flags (fraud holds withdrawals).
  'server/src/domains/user/sign-up-sms.test.ts',
  'server/src/domains/risk/risk.test.ts',
  'server/src/ops/ops-money.test.ts',
  'server/src/plugins/socket-hub.test.ts',
  'server/src/plugins/socket-live.test.ts',
  'server/src/plugins/rate-limit.test.ts',
  // Issue 26: limits atomic in Redis, exact over two processes sharing the database, kept over a restart.
  'server/src/plugins/rate-limit.redis.test.ts',
  'server/src/plugins/broker.test.ts',
  // Issue 26: a revocation read again from the database, the 503 while storage is away.
  'server/src/plugins/session-trust.test.ts',
  'server/src/plugins/health.test.ts',
  // Issue 26 item 4: Idempotency-Key on the money POSTs (the reservation's upsert, one order per key).
  'server/src/plugins/idempotency.test.ts',
  // Issue 26: one lock-out per password whichever route checks it, on PostgreSQL and the Redis limiter.
  'server/src/plugins/lockouts.test.ts',
  // Neither money, sessions nor sockets, but cheap to run on both and all written against the port.
  'server/src/domains/chat/chat.test.ts',
  'server/src/domains/chat/operator-channel.test.ts',
  'server/src/domains/friend/friend.test.ts',
  'server/src/domains/inbox/inbox.test.ts',
  'server/src/domains/kyc/kyc.test.ts',
  // Issue 29 item 2: KYC photos as BLOB / bytea, the reminders' unique key under two ticking processes.
  'server/src/domains/kyc/kyc-documents.test.ts',
  'server/src/ops/ops.test.ts',
  // Issue 29 item 5: the dashboard's reads (substr hours, COUNT DISTINCT, scalar subqueries) on PostgreSQL.
  'server/src/domains/dashboard/dashboard.test.ts',
];

/**
 * The tester's tools (snapshots, scenarios, the kept tooling state, the test harness, faults, the request
 * log and its HAR) again on PostgreSQL and the Redis broker: snapshots are schemas of the test database
 * there (domains/tooling/pg-snapshots.ts).
 */
export const POSTGRES_TOOLING_TESTS = [
  'server/src/domains/tooling/snapshots.test.ts',
  'server/src/domains/tooling/scenarios.test.ts',
  'server/src/domains/tooling/tooling-state.test.ts',
  'server/src/test/harness.test.ts',
  'server/src/domains/tooling/access.test.ts',
  'server/src/domains/tooling/faults.test.ts',
  'server/src/domains/tooling/faults-rich.test.ts',
  'server/src/domains/tooling/har.test.ts',
  'server/src/domains/tooling/request-log.test.ts',
  'server/src/domains/tooling/cluster-log.test.ts',
  // Issue 30 item 3: stubs as data (scope, N calls, restart, STUBS_FILE), the request count, socket frame faults.
  'server/src/domains/tooling/stubs.test.ts',
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
          // In the postgres project already (its apps share a database there); not run twice.
          exclude: ['**/node_modules/**', ...POSTGRES_SERVER_TESTS],
          environment: 'node',
          passWithNoTests: true,
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
