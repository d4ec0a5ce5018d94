import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .or(z.boolean());

/** Every Redis key and channel of the server starts with this by default (docs/deployment.md lists them). */
export const REDIS_PREFIX = 'casino:';

/** The environment, parsed once. The only reader of process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DB_FILE: z.string().min(1).default('data/casino.db'),
  /** postgres://...: use PostgreSQL instead of the SQLite file DB_FILE (the same schema, db/schema). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// url')
    .optional(),
  /** Tests only: every start makes a fresh database copied from this template on DATABASE_URL's server. */
  DATABASE_TEMPLATE: z.string().min(1).optional(),
  ADMIN_TOKEN: z.string().min(16, 'ADMIN_TOKEN must be at least 16 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  OPS_ENABLED: bool.default(true),
  /**
   * The tester tools (scenarios, reset, clock, faults, snapshots, request log, SMS and captcha peeks) and the
   * seeded dev operator accounts: on for `npm start`; `off` on a live deployment (docs/deployment.md).
   */
  TESTER_TOOLS: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .transform((v) => v === 'on' || v === 'true' || v === '1')
    .default(true),
  /** Back-office sessions of named operators: idle and absolute time-outs. */
  OPS_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  OPS_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** The tester's request log under /ops; a live deployment turns it off (it holds players' requests). */
  REQUEST_LOG: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per event (the default in development); `json`: pino's lines (elsewhere). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  /** Merchant secret shared with the payment gateway (the sandbox); random per start when unset. */
  PAYMENT_SECRET: z.string().min(16).optional(),
  /** Secret the game provider signs its seamless-wallet calls with; random per start when unset. */
  PROVIDER_SECRET: z.string().min(16).optional(),
  /** Start the virtual clock at this instant (ISO 8601) instead of the real time. */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Comma-separated origins allowed to call with credentials (a client on another origin). */
  CORS_ORIGINS: z.string().default(''),
  /** Where snapshots are kept; default: a snapshots folder beside DB_FILE (a temporary one for :memory:). */
  SNAPSHOT_DIR: z.string().min(1).optional(),
  /** A JSON file of stubs (POST /ops/stubs bodies) loaded at every start; a stub it holds that is refused stops the start. */
  STUBS_FILE: z.string().min(1).optional(),
  /** The largest snapshot file /ops/snapshots/:name/file accepts, in megabytes. */
  SNAPSHOT_MAX_MB: z.coerce.number().int().min(1).max(4096).default(256),
  /** Share what lives in process memory with the other server processes through this Redis (redis://...). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY: z.string().optional(),
  /** What this process is called in the cluster's request log (default host:pid); the stack names its servers. */
  PROCESS_NAME: z.string().min(1).max(100).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  mode: Env['NODE_ENV'];
  port: number;
  host: string;
  dbFile: string;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | undefined;
  /** Tests: open a fresh copy of this template database (on databaseUrl's server), dropped when closed. */
  databaseTemplate: string | undefined;
  /**
   * Tests (the stores' set-up): databaseTemplate is migrated and seeded already, so a copy is not seeded
   * again at open, and the next test app's copy is made ahead, in the background.
   */
  databaseTemplateReady: boolean;
  adminToken: string;
  adminTokenGenerated: boolean;
  publicUrl: string;
  opsEnabled: boolean;
  /** TESTER_TOOLS: the tester tools and the seeded dev operators; off on a live deployment. */
  testerTools: boolean;
  opsSessionIdleMs: number;
  opsSessionAbsoluteMs: number;
  requestLog: boolean;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  clockStart: string | undefined;
  paymentSecret: string;
  providerSecret: string;
  corsOrigins: string[];
  /** Snapshot folder; undefined: beside the database (or a temporary one for :memory:). */
  snapshotDir: string | undefined;
  snapshotMaxBytes: number;
  /** STUBS_FILE: stubs loaded at every start (docs/testing.md "Stubs as data"). */
  stubsFile: string | undefined;
  /** Redis of the broker (plugins/broker.ts); undefined: one process, everything in memory. */
  redisUrl: string | undefined;
  /** What every Redis key and channel of this server starts with (tests: one namespace per test app). */
  redisPrefix: string;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDRs, e.g. 127.0.0.1 behind the stack's
   * nginx), so request.ip is the player's for the per-address limits; empty: the socket's address.
   */
  trustProxy: string[];
  /** This process's name in the request log (PROCESS_NAME, else host:pid). */
  processName: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return configFromEnv(parsed.data);
}

function configFromEnv(e: Env): Config {
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dbFile: e.DB_FILE,
    databaseUrl: e.DATABASE_URL,
    databaseTemplate: e.DATABASE_TEMPLATE,
    databaseTemplateReady: false,
    adminToken: e.ADMIN_TOKEN ?? randomBytes(24).toString('base64url'),
    adminTokenGenerated: e.ADMIN_TOKEN === undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    opsEnabled: e.OPS_ENABLED,
    testerTools: e.TESTER_TOOLS,
    opsSessionIdleMs: e.OPS_SESSION_IDLE_MINUTES * 60_000,
    opsSessionAbsoluteMs: e.OPS_SESSION_ABSOLUTE_HOURS * 3_600_000,
    requestLog: e.REQUEST_LOG,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    clockStart: e.CLOCK_START,
    paymentSecret: e.PAYMENT_SECRET ?? randomBytes(32).toString('hex'),
    providerSecret: e.PROVIDER_SECRET ?? randomBytes(32).toString('hex'),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    snapshotDir: e.SNAPSHOT_DIR,
    snapshotMaxBytes: e.SNAPSHOT_MAX_MB * 1024 * 1024,
    stubsFile: e.STUBS_FILE,
    redisUrl: e.REDIS_URL,
    redisPrefix: REDIS_PREFIX,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    processName: e.PROCESS_NAME ?? `${hostname()}:${process.pid}`,
  };
}

/**
 * Defaults for tests and scripts: an in-memory database and a fixed operator token. Under
 * `TEST_STORE=postgres` (npm run test:stores), a fresh PostgreSQL database copied from the migrated
 * template the stores' global set-up made (TEST_DATABASE_URL, TEST_DATABASE_TEMPLATE) instead; with
 * TEST_REDIS_URL, the Redis broker on that server, under a key prefix of the app's own.
 */
export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const postgres = env.TEST_STORE === 'postgres';
  if (postgres && !(env.TEST_DATABASE_URL && env.TEST_DATABASE_TEMPLATE))
    throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL and TEST_DATABASE_TEMPLATE (vitest.stores.config.ts)');
  return {
    ...configFromEnv(
      envSchema.parse({
        NODE_ENV: 'test',
        ADMIN_TOKEN: 'test-admin-token-0123456789',
        // Silent, unless TEST_LOG_LEVEL asks to see the test apps' logs (e.g. error: why a test got a 500).
        LOG_LEVEL: env.TEST_LOG_LEVEL ?? 'silent',
      }),
    ),
    dbFile: ':memory:',
    ...(postgres
      ? {
          databaseUrl: env.TEST_DATABASE_URL,
          databaseTemplate: env.TEST_DATABASE_TEMPLATE,
          databaseTemplateReady: true,
        }
      : {}),
    // One Redis for the whole run: each test app in a namespace of its own, as each has a database of its own.
    ...(env.TEST_REDIS_URL
      ? { redisUrl: env.TEST_REDIS_URL, redisPrefix: `t:${process.pid}:${randomBytes(6).toString('hex')}:` }
      : {}),
    ...overrides,
  };
}
