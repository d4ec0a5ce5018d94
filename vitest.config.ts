import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 20000,
    hookTimeout: 20000,
    projects: [
      {
        test: {
          name: 'server',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Projects do not inherit the root time-outs; a 2-core CI machine needs room for argon2 and races.
          testTimeout: 30000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 30000,
        },
      },
    ],
  },
});
