// The PostgreSQL connection of one PgDatabase, in a worker thread. The main thread posts one request on
// the port and blocks (Atomics.wait on `flag`); this thread runs it with `pg`, posts the answer, then wakes
// the main thread, which takes the answer with receiveMessageOnPort. Plain JavaScript: a worker is not
// passed through tsx or vite, so it must load as is.
import { workerData } from 'node:worker_threads';
import pg from 'pg';

const { port, flag, url, copy } = workerData;
const view = new Int32Array(flag);

// Rows as SQLite answers them: 64-bit integers (COUNT, SUM, BIGINT columns) and numerics as numbers,
// booleans (a comparison in a select list) as 1 and 0, dates and times as the text PostgreSQL wrote.
const parsers = {
  20: Number,
  1700: Number,
  16: (v) => (v === 't' ? 1 : 0),
  1082: String,
  1114: String,
  1184: String,
};
const types = { getTypeParser: (oid, format) => parsers[oid] ?? pg.types.getTypeParser(oid, format) };

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/** Runs `sql` on a short connection to the server's administrative database (copy.admin). */
async function onAdmin(sql) {
  const admin = new pg.Client({ connectionString: copy.admin });
  await admin.connect();
  try {
    return await admin.query(typeof sql === 'function' ? await sql(admin) : sql);
  } finally {
    await admin.end();
  }
}

/**
 * A copy of a template (tests): this thread makes the database before connecting to it, while the main
 * thread goes on (a test database made ahead costs the tests nothing), and drops it after close. FILE_COPY
 * (PostgreSQL 15+) copies the template's files instead of writing every block to the WAL: about 3 times
 * faster for the casino's template.
 */
async function createCopy() {
  await onAdmin(async (admin) => {
    const version = Number((await admin.query('SHOW server_version_num')).rows[0].server_version_num);
    const strategy = version >= 150000 ? ' STRATEGY FILE_COPY' : '';
    return `CREATE DATABASE ${quoteIdent(copy.name)} TEMPLATE ${quoteIdent(copy.template)}${strategy}`;
  });
}

// The copy is made once, before the first connection; a failed copy is reported on the first request.
const created = copy ? createCopy() : Promise.resolve();
created.catch(() => {});

// The connection, made again when it was lost (the server restarted, the backend was killed): the next
// request outside a transaction opens a new one. A request inside a transaction (`tx`) never does: its
// transaction died with the old connection, and running the rest of it in autocommit on a new one would
// commit half of it; it fails with LOST instead, and the adapter ends (and may run again) the transaction.
const LOST = '08006';
let current;

function connect() {
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis: 10_000 });
  const entry = { client, alive: true };
  const lose = () => {
    entry.alive = false;
    if (current === entry) current = undefined;
  };
  // A dropped connection is reported on the next request, not as an uncaught error of this thread.
  client.on('error', lose);
  client.on('end', lose);
  entry.ready = created
    .then(() => client.connect())
    .catch((error) => {
      lose();
      throw error;
    });
  current = entry;
  return entry;
}

class Lost extends Error {
  constructor(message) {
    super(`The connection to PostgreSQL was lost: ${message}`);
    this.code = LOST;
    this.lost = true;
  }
}

async function connection(request) {
  if (!current) {
    if (request.tx) throw new Lost('its transaction ended with it');
    connect();
  }
  const entry = current;
  await entry.ready;
  return entry;
}

// Connected at once (after the copy, if any), so the first request does not wait for it.
connect().ready.catch(() => {});

function describe(error) {
  return {
    message: error?.message ?? String(error),
    code: error?.code,
    detail: error?.detail,
    constraint: error?.constraint,
    table: error?.table,
    lost: error?.lost === true,
  };
}

async function handle(request) {
  if (request.op === 'close') {
    const entry = current;
    current = undefined;
    if (entry?.alive) await entry.client.end();
    return {};
  }
  const entry = await connection(request);
  try {
    if (request.op === 'exec') {
      await entry.client.query(request.sql);
      return {};
    }
    const result = await entry.client.query({
      text: request.sql,
      values: request.values,
      rowMode: 'array',
      ...(request.name ? { name: request.name } : {}),
    });
    return { fields: result.fields.map((f) => f.name), rows: result.rows, rowCount: result.rowCount ?? 0 };
  } catch (error) {
    // Failed because the connection went (killed backend: 57P01, or the socket closed under the query).
    if (!entry.alive || error?.code === '57P01') {
      entry.alive = false;
      if (current === entry) current = undefined;
      throw new Lost(error?.message ?? String(error));
    }
    throw error;
  }
}

port.on('message', async (request) => {
  let answer;
  try {
    answer = { id: request.id, ok: true, value: await handle(request) };
  } catch (error) {
    answer = { id: request.id, ok: false, error: describe(error) };
  }
  port.postMessage(answer);
  Atomics.store(view, 0, 1);
  Atomics.notify(view, 0);
  if (request.op !== 'close') return;
  port.close();
  // The caller has its answer: the copy is dropped meanwhile (the server waits for the closed session to
  // end first), and this thread then ends by itself. A process that exits first leaves the copy behind, on
  // a test server that is thrown away whole.
  if (copy) await onAdmin(`DROP DATABASE IF EXISTS ${quoteIdent(copy.name)}`).catch(() => {});
});
