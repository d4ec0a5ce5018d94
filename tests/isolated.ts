/**
 * The server test files that need a module graph of their own (vitest.config.ts, the `server-isolated`
 * project): they replace a module (`vi.mock`, which a graph shared with earlier files may already hold
 * unmocked, or keep mocked for later ones) or install fake timers. Every other server file shares its
 * worker's modules (`isolate: false`); server/src/test/isolation.test.ts fails when one of them mocks a
 * module or fakes the timers without being listed here.
 */
export const ISOLATED = [
  'server/src/domains/user/session-security.test.ts',
  'server/src/domains/user/password.test.ts',
  'server/src/domains/withdraw/trade-password.test.ts',
  'server/src/domains/poker/poker.test.ts',
  'server/src/plugins/rate-limit.test.ts',
  'server/src/plugins/session-trust.test.ts',
  'server/src/plugins/scheduled.test.ts',
  'server/src/plugins/clock.test.ts',
];
