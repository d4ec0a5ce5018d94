/**
 * Whether an error means the storage engine is away rather than the request being wrong: the PostgreSQL
 * server stopped, restarting or unreachable (a refused or dropped connection, a server shutting down, no
 * answer in time), or SQLite's file locked, full or failing. The envelope answers these HTTP 503 with
 * Retry-After (code 10010): the request changed nothing (its transaction never committed) and can be sent
 * again once the engine is back, which the server finds by itself (a new connection on the next request).
 */
const UNAVAILABLE_CODES = new Set([
  // Node's sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions, a server shutting down or starting, too many connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // PostgreSQL: a serialization failure or deadlock still there after the adapter's retries (RETRY_FOR_MS,
  // 5 s of them, postgres/pool.ts): the engine is too busy for now, nothing was changed, the request may be
  // sent again
  '40001',
  '40P01',
  // SQLite
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);

export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, lost, message } = error as { code?: unknown; lost?: unknown; message?: unknown };
  if (lost === true) return true;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
  // PostgreSQL over its unix socket: a stopped server removes the socket file, so connecting finds no file.
  // Only the adapter's errors: a missing file anywhere else is the server's own fault (500).
  if (code === 'ENOENT' && (error as { name?: unknown }).name === 'PgError') return true;
  return (
    typeof message === 'string' && /did not answer within|connection is closed|Connection terminated/i.test(message)
  );
}
