/**
 * The naive peers of `npm run bench` (scripts/bench.ts): what a developer would write in an afternoon for the
 * same two jobs, a balance read and an idempotent bet, on the same stack and store as the app, with nothing
 * clever. The bench measures the peer of the store in use in the same run as the app and prints the app's
 * reads and money writes as a ratio to it, beside the ratio to the bare hello-world.
 *
 * A bare Fastify 5 app with zod (fastify-type-provider-zod's compilers, as its README sets them up):
 *
 * - `GET /balance/:id`: the zod-validated id, one primary-key read of `accounts`, `{ balance }` as JSON.
 * - `POST /bet` `{ userId, txId, amount }` (zod-validated): one transaction, BEGIN; the idempotency read (the
 *   bet of that txId, whose balance is answered again when it is there); `UPDATE accounts SET balance =
 *   balance - ? WHERE id = ? AND balance >= ? RETURNING balance` (no row: 409, insufficient funds); INSERT
 *   into `bets`; INSERT into `journal`; COMMIT; `{ balance }`.
 *
 * SQLite: better-sqlite3 on its own temporary file with the pragmas a careful beginner sets (WAL,
 * synchronous=NORMAL, foreign_keys, busy_timeout), plain prepared statements, better-sqlite3's
 * `db.transaction()` (a plain BEGIN), one commit per bet. PostgreSQL: a `pg` Pool of 10 connections per
 * process on the bench's throw-away server, its tables in their own schema (`naive_peer`) of the bench's
 * database, the queries plain parameterised ones, one READ COMMITTED transaction per bet.
 *
 * The parent seeds the peer once (seedPeer) before its processes start; each process builds the app with
 * peerApp.
 */
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';

export type PeerStore = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The PostgreSQL peer's schema in the bench's database, apart from the app's tables. */
export const PEER_SCHEMA = 'naive_peer';
/** Each account's opening balance, in centavos: no bet of a run is refused for want of funds. */
export const PEER_BALANCE = 1_000_000_000_000;
/** The peer's stake, in centavos (the app's bet row stakes 1.00). */
export const PEER_STAKE = 100;
/** The peer's connections per process on PostgreSQL. */
export const PEER_POOL = 10;

/** A paragraph of the report: what the peer of this store is, and what its column means. */
export function describePeer(kind: PeerStore['kind']): string {
  const common =
    'The naive peer (scripts/lib/bench-peers.ts) is what a developer would write in an afternoon for the same jobs, on the same stack: a bare Fastify 5 app with zod-validated input answering `GET /balance/:id` (one primary-key read of a small `accounts` table) and `POST /bet` `{userId, txId, amount}` (one transaction: BEGIN, the idempotency read of the txId in `bets`, `UPDATE accounts SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance`, an INSERT into `bets` and one into `journal`, COMMIT), seeded with as many accounts as the bet row has players, each bet a fresh txId over those accounts in turn and each read one of them in turn.';
  const column =
    "The column *ratio to naive peer* is requests/s divided by the peer's for the same job: the authenticated reads (`GET /api/balance`, `GET /api/user/info`) by the peer's balance read, the money writes (withdrawal, provider bet, reward claim) by the peer's bet; each peer row is measured just before the first row divided by it, with as many connections and processes.";
  return kind === 'sqlite'
    ? `${common} On SQLite: better-sqlite3 on its own temporary file, WAL, synchronous=NORMAL, foreign keys on, plain prepared statements, one commit per bet (no group commit). ${column}`
    : `${common} On PostgreSQL: a \`pg\` Pool of ${PEER_POOL} connections per process (as many processes as the app's) on the same throw-away server, its tables in their own schema of the same database, plain parameterised queries, one READ COMMITTED transaction and commit per bet. ${column}`;
}

const TABLES = {
  sqlite: `
    CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0));
    CREATE TABLE bets (
      tx_id TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts (id),
      amount INTEGER NOT NULL,
      balance_after INTEGER NOT NULL,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    );
    CREATE TABLE journal (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts (id),
      tx_id TEXT NOT NULL,
      delta INTEGER NOT NULL,
      balance_after INTEGER NOT NULL,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    );
    CREATE INDEX journal_account ON journal (account_id);`,
  postgres: `
    CREATE TABLE accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL CHECK (balance >= 0));
    CREATE TABLE bets (
      tx_id TEXT PRIMARY KEY,
      account_id BIGINT NOT NULL REFERENCES accounts (id),
      amount BIGINT NOT NULL,
      balance_after BIGINT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE journal (
      id BIGSERIAL PRIMARY KEY,
      account_id BIGINT NOT NULL REFERENCES accounts (id),
      tx_id TEXT NOT NULL,
      delta BIGINT NOT NULL,
      balance_after BIGINT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX journal_account ON journal (account_id);`,
};

function openSqlite(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** In the parent, before the peer's processes start: its tables, and `accounts` accounts numbered from 1. */
export async function seedPeer(store: PeerStore, accounts: number): Promise<void> {
  if (store.kind === 'sqlite') {
    const db = openSqlite(store.file);
    try {
      db.exec(TABLES.sqlite);
      const insert = db.prepare('INSERT INTO accounts (id, balance) VALUES (?, ?)');
      db.transaction(() => {
        for (let id = 1; id <= accounts; id++) insert.run(id, PEER_BALANCE);
      })();
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${PEER_SCHEMA} CASCADE`);
    await client.query(`CREATE SCHEMA ${PEER_SCHEMA}`);
    await client.query(`SET search_path = ${PEER_SCHEMA}`);
    await client.query(TABLES.postgres);
    await client.query('INSERT INTO accounts (id, balance) SELECT g, $1 FROM generate_series(1, $2::int) AS g', [
      PEER_BALANCE,
      accounts,
    ]);
  } finally {
    await client.end();
  }
}

interface Bet {
  userId: number;
  txId: string;
  amount: number;
}

/** The peer's two jobs on its store: a balance (undefined: no such account), a bet (undefined: refused). */
interface Ledger {
  balance(id: number): number | undefined | Promise<number | undefined>;
  bet(bet: Bet): number | undefined | Promise<number | undefined>;
  close(): void | Promise<void>;
}

function sqliteLedger(file: string): Ledger {
  const db = openSqlite(file);
  const balanceOf = db.prepare<[number], number>('SELECT balance FROM accounts WHERE id = ?').pluck();
  const betOf = db.prepare<[string], number>('SELECT balance_after FROM bets WHERE tx_id = ?').pluck();
  const debit = db
    .prepare<[number, number, number], number>(
      'UPDATE accounts SET balance = balance - ? WHERE id = ? AND balance >= ? RETURNING balance',
    )
    .pluck();
  const addBet = db.prepare('INSERT INTO bets (tx_id, account_id, amount, balance_after) VALUES (?, ?, ?, ?)');
  const addEntry = db.prepare('INSERT INTO journal (account_id, tx_id, delta, balance_after) VALUES (?, ?, ?, ?)');
  const bet = db.transaction((b: Bet): number | undefined => {
    const done = betOf.get(b.txId);
    if (done !== undefined) return done;
    const balance = debit.get(b.amount, b.userId, b.amount);
    if (balance === undefined) return undefined;
    addBet.run(b.txId, b.userId, b.amount, balance);
    addEntry.run(b.userId, b.txId, -b.amount, balance);
    return balance;
  });
  return { balance: (id) => balanceOf.get(id), bet: (b) => bet(b), close: () => void db.close() };
}

function postgresLedger(url: string): Ledger {
  const pool = new pg.Pool({ connectionString: url, max: PEER_POOL, options: `-c search_path=${PEER_SCHEMA}` });
  // An idle connection the server ends (its shutdown at the end of a run) must not end the process.
  pool.on('error', () => undefined);
  return {
    async balance(id) {
      const { rows } = await pool.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1', [id]);
      return rows[0] ? Number(rows[0].balance) : undefined;
    },
    async bet(b) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const done = await client.query<{ balance_after: string }>('SELECT balance_after FROM bets WHERE tx_id = $1', [
          b.txId,
        ]);
        if (done.rows[0]) {
          await client.query('COMMIT');
          return Number(done.rows[0].balance_after);
        }
        const debited = await client.query<{ balance: string }>(
          'UPDATE accounts SET balance = balance - $1 WHERE id = $2 AND balance >= $3 RETURNING balance',
          [b.amount, b.userId, b.amount],
        );
        if (!debited.rows[0]) {
          await client.query('ROLLBACK');
          return undefined;
        }
        const balance = Number(debited.rows[0].balance);
        await client.query('INSERT INTO bets (tx_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [
          b.txId,
          b.userId,
          b.amount,
          balance,
        ]);
        await client.query('INSERT INTO journal (account_id, tx_id, delta, balance_after) VALUES ($1, $2, $3, $4)', [
          b.userId,
          b.txId,
          -b.amount,
          balance,
        ]);
        await client.query('COMMIT');
        return balance;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** In a bench child (`--serve peer`): the peer app on its store, not yet listening. */
export function peerApp(store: PeerStore): FastifyInstance {
  const ledger = store.kind === 'sqlite' ? sqliteLedger(store.file) : postgresLedger(store.url);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => {
    await ledger.close();
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/balance/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const balance = await ledger.balance(request.params.id);
      if (balance === undefined) return reply.code(404).send({ error: 'no such account' });
      return { balance };
    },
  );
  routes.post(
    '/bet',
    {
      schema: {
        body: z.object({
          userId: z.number().int().positive(),
          txId: z.string().min(1).max(64),
          amount: z.number().int().positive(),
        }),
      },
    },
    async (request, reply) => {
      const balance = await ledger.bet(request.body);
      if (balance === undefined) return reply.code(409).send({ error: 'insufficient funds or no such account' });
      return { balance };
    },
  );
  return app;
}
