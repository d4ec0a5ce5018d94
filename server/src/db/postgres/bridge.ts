import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

const SQLITE_WORDS: Record<string, string> = {
  '23505': 'UNIQUE constraint failed',
  '23514': 'CHECK constraint failed',
  '23503': 'FOREIGN KEY constraint failed',
  '23502': 'NOT NULL constraint failed',
};

/** A PostgreSQL error as the worker describes it (its SQLSTATE in `code`). */
export class PgError extends Error {
  code: string | undefined;
  detail: string | undefined;
  constraint: string | undefined;
  /** The connection was lost (worker.mjs): the next request outside a transaction opens a new one. */
  lost: boolean;

  constructor(described: { message: string; code?: string; detail?: string; constraint?: string; lost?: boolean }) {
    // Led by SQLite's words for the same failure, which callers and tests may look for.
    const sqlite = described.code ? SQLITE_WORDS[described.code] : undefined;
    super(sqlite ? `${sqlite}: ${described.constraint ?? ''} (${described.message})` : described.message);
    this.name = 'PgError';
    this.code = described.code;
    this.detail = described.detail;
    this.constraint = described.constraint;
    this.lost = described.lost === true;
  }
}

export interface QueryAnswer {
  fields: string[];
  rows: unknown[][];
  rowCount: number;
}

/** A database made from a template by the worker (tests): on the server of `admin` (its `postgres` url). */
export interface DatabaseCopy {
  admin: string;
  template: string;
  name: string;
}

type Request =
  | { op: 'query'; sql: string; values: unknown[]; name?: string; tx: boolean }
  | { op: 'exec'; sql: string; tx: boolean }
  | { op: 'close' };

type Answer = { id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; error: ConstructorParameters<typeof PgError>[0] }
);

/** How long one request may take before the caller gets an error instead of waiting on (a stuck server). */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * One PostgreSQL connection held by a worker thread, called synchronously: the caller posts a request and
 * blocks its thread on a shared flag until the worker has answered (as synckit does). Nothing else of the
 * process runs meanwhile: each statement is one uninterrupted call (a transaction holds the connection
 * across its awaits through the async port, db/serial.ts).
 */
export class SyncBridge {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private closed = false;
  /** The number of the last request: its answer carries it back. */
  private sequence = 0;

  /** With `copy`, the worker first makes database `copy.name` from `copy.template` and drops it after close. */
  constructor(
    url: string,
    private readonly copy?: DatabaseCopy,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { port: port2, flag: this.flag.buffer, url, ...(copy ? { copy } : {}) },
      transferList: [port2],
    });
    // The worker never keeps the process alive by itself; close() ends it.
    this.worker.unref();
  }

  /**
   * Posts `request` and blocks until the worker's answer to it is on the port. The flag only says "look
   * now": a wake-up may belong to an earlier answer (its notify can land after the caller already read
   * that answer and posted the next request, when the worker thread is pre-empted between its store and
   * its notify), so the answer, not the wake-up, ends the wait. Answers carry their request's number: one
   * that arrives after its caller gave up (time-out) is dropped instead of being taken as the next one's.
   */
  private call(request: Request): unknown {
    if (this.closed) throw new Error('The database connection is closed');
    const id = ++this.sequence;
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage({ ...request, id });
    const deadline = Date.now() + REQUEST_TIMEOUT_MS;
    for (;;) {
      const message = receiveMessageOnPort(this.port);
      if (message) {
        const answer = message.message as Answer;
        if (answer.id !== id) continue;
        if (!answer.ok) throw new PgError(answer.error);
        return answer.value;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`PostgreSQL did not answer within ${REQUEST_TIMEOUT_MS} ms`);
      Atomics.wait(this.flag, 0, 0, left);
      // Consumed: the next wait sleeps until the worker stores again (its message is posted before that).
      Atomics.store(this.flag, 0, 0);
    }
  }

  /** `tx`: the statement belongs to an open transaction, so a lost connection is not made again for it. */
  query(sql: string, values: unknown[], name?: string, tx = false): QueryAnswer {
    return this.call({ op: 'query', sql, values, tx, ...(name ? { name } : {}) }) as QueryAnswer;
  }

  exec(sql: string, tx = false): void {
    this.call({ op: 'exec', sql, tx });
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ op: 'close' });
    } finally {
      this.closed = true;
      this.port.close();
      // A copy's worker drops the database after answering, then ends by itself.
      if (!this.copy) void this.worker.terminate();
    }
  }
}
