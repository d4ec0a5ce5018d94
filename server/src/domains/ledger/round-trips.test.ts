import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgPoolDb } from '../../db/postgres/pool';
import { testApp } from '../../test/helpers';
import { bet, deposit, gameSession, type Player, player } from '../../test/play';

/**
 * The statements a hot request sends to the database, counted on the store in use (PostgreSQL's round trips;
 * SQLite's calls into its file). Each is a round trip on PostgreSQL, so the figure is what bounds a process's
 * requests a second there (docs/performance.md): a change that adds one to the balance read or the bet fails
 * here, with the list.
 */
const sent: string[] = [];
let recording = false;

// The sandboxes' own tables (the provider's crash rooms tick on a timer) are another party's statements.
const SANDBOX = /^(select .*? from|insert into|update|delete from) "(provider|sandbox)_/i;

function record(text: string) {
  if (recording && !SANDBOX.test(text)) sent.push(text.replace(/\s+/g, ' ').slice(0, 120));
}

const sendOfPg = PgPoolDb.prototype.send;
PgPoolDb.prototype.send = function (this: PgPoolDb, config) {
  record(typeof config === 'string' ? config : config.text);
  return sendOfPg.call(this, config as never) as never;
} as typeof sendOfPg;
// better-sqlite3's statements share one prototype: every call of every repo's statement goes through it.
const probe = new Database(':memory:');
const sqliteStatement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = sqliteStatement[method] as (...params: unknown[]) => unknown;
  sqliteStatement[method] = function (this: { source: string }, ...params: unknown[]) {
    record(this.source);
    return original.apply(this, params);
  };
}

/** The statements `work` sent, once its follow-ups settled. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  recording = true;
  try {
    await work();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    recording = false;
  }
  return [...sent];
}

let app: FastifyInstance;
let p: Player;

beforeEach(async () => {
  app = await testApp();
  p = await player(app);
  await deposit(app, p.client, 500);
  // Its session is read and cached by a first request, and the pixel event of its first deposit taken.
  await p.client.get('/api/balance');
  await p.client.get('/api/balance');
});
afterEach(() => app.close());

describe('round trips of the hot requests', () => {
  it('GET /api/balance reads the database once: the account with its KYC facts and pending pixel events', async () => {
    const statements = await statementsOf(() => p.client.get('/api/balance'));
    expect(statements, statements.join('\n')).toHaveLength(1);
  });

  it('a provider bet of a player with no inviter, no limit and no break: the launch, the round, the posting, the record', async () => {
    const session = await gameSession(app, p.client);
    await bet(app, session, 1, false);
    const statements = await statementsOf(() => bet(app, session, 1, false));
    // On PostgreSQL the posting is one statement (the account, its counters, the counterparty's slot and the
    // journal row in one WITH); on SQLite four calls into the file. BEGIN goes with the first (PostgreSQL).
    expect(statements, statements.join('\n')).toHaveLength(app.db.engine === 'postgres' ? 4 : 7);
  });
});
