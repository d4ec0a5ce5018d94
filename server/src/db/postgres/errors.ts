const SQLITE_WORDS: Record<string, string> = {
  '23505': 'UNIQUE constraint failed',
  '23514': 'CHECK constraint failed',
  '23503': 'FOREIGN KEY constraint failed',
  '23502': 'NOT NULL constraint failed',
};

/** SQLSTATEs after which a transaction may succeed when run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/** SQLSTATEs and socket codes that mean the connection is gone (server restart, killed backend, cut network). */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const LOST_WORDS =
  /Connection terminated|connection is closed|Client has encountered a connection error|not queryable/i;

/** A PostgreSQL error as the adapter reports it (its SQLSTATE in `code`). */
export class PgError extends Error {
  code: string | undefined;
  detail: string | undefined;
  constraint: string | undefined;
  /** The connection was lost: what comes next runs on a new one (a transaction in flight is run again). */
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

/** What `pg` threw, as a PgError (kept as is when it is one already). */
export function toPgError(error: unknown): PgError {
  if (error instanceof PgError) return error;
  const { message, code, detail, constraint } = (error ?? {}) as Record<string, unknown>;
  const text = typeof message === 'string' ? message : String(error);
  const sqlstate = typeof code === 'string' ? code : undefined;
  const lost =
    (sqlstate !== undefined && (LOST_CODES.has(sqlstate) || sqlstate.startsWith('08'))) || LOST_WORDS.test(text);
  return new PgError({
    message: lost ? `The connection to PostgreSQL was lost: ${text}` : text,
    ...(sqlstate ? { code: sqlstate } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
    lost,
  });
}

export const isRetryable = (error: unknown): boolean =>
  error instanceof PgError && error.code !== undefined && RETRYABLE.has(error.code);

/** The connection went (server restart, killed backend): the pool opens a new one for what comes next. */
export const isLost = (error: unknown): boolean => error instanceof PgError && error.lost;

/** A failure that dooms the open transaction: every later statement of it fails the same way. */
export const dooms = (error: unknown): boolean => isRetryable(error) || isLost(error);
