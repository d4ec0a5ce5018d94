import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED } from './tests/isolated';
import { LongestFirst } from './tests/sequencer';

// PostgreSQL's and Redis's own tests need their servers: `npm run test:stores` runs them.
const serverExclude = ['**/node_modules/**', 'server/src/**/*.pg.test.ts', 'server/src/**/*.redis.test.ts'];

const serverProject = {
  include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
  exclude: serverExclude,
  environment: 'node',
  // The code check: a test fails when the server answers a code its endpoint does not declare.
  // And argon2id at test cost (server/src/test/cheap-argon2.ts; password.test.ts checks production's).
  setupFiles: ['server/src/test/setup.ts', 'server/src/test/cheap-argon2.ts'],
  // A larger young generation: a test allocates much short-lived garbage (requests, envelopes, rows),
  // and with V8's default semi-space a fuzz shard spent 18% of its time in the garbage collector; 64 MiB
  // took 6-10% off a shard's CPU time (docs/performance.md "The test suite's time").
  execArgv: ['--max-semi-space-size=64'],
  // Projects do not inherit the root time-outs; a 2-core CI machine needs room for argon2 and races.
  testTimeout: 30000,
  hookTimeout: 30000,
};

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker less than the cores, so a 2-core machine ran every file one after the
    // other (1,062 s in CI, the sum of the files' times). The files are independent (a fresh database file
    // and random ports each), and an e2e file spends much of its time in Chromium, another process.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20000,
    hookTimeout: 20000,
    // The longest files first, across the projects (tests/sequencer.ts): a fresh clone has no durations of
    // an earlier run, and a long file that starts last makes the run's tail.
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { ...serverProject, name: 'server', isolate: false, exclude: [...serverExclude, ...ISOLATED] } },
      { test: { ...serverProject, name: 'server-isolated', include: ISOLATED } },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A unit test never needs a page inside an <iframe> (the game, the sandbox checkout): loading one
          // fetches from localhost and, when the test ends, happy-dom aborts it and prints the abort's stack
          // trace. Child frames keep their src attribute; they just do not navigate.
          environmentOptions: {
            happyDOM: {
              settings: { navigation: { disableChildFrameNavigation: true, disableChildPageNavigation: true } },
            },
          },
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Browser journeys against a real server; the global setup builds the client when it is stale.
          // Each file starts its own server and Chromium and mocks nothing: they share the worker's modules
          // (the in-process server's), imported once per worker instead of once per file.
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 120000,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
