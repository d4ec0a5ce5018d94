import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

interface StartError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
}

/**
 * The one line main.ts prints, instead of a stack trace, when the server cannot start for a reason the
 * person starting it can fix: the port is taken, another server holds the database (it is opened with
 * locking_mode=EXCLUSIVE), the database's folder cannot be written, or REDIS_URL's Redis does not answer. Undefined for anything else
 * (a bug: the stack trace is the useful output then).
 */
export function startupProblem(error: unknown, where: { port: number; dbFile: string }): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ((error as Error).name === 'RedisUnreachable') {
    return `${(error as Error).message}; start Redis (Debian: apt-get install -y redis-server) or unset REDIS_URL to run one process without it`;
  }
  const { code, syscall, path } = error as StartError;
  if (code === 'EADDRINUSE') {
    return `Port ${where.port} is in use by another program; stop it or start with PORT=${where.port + 1} npm start`;
  }
  if (code === 'EACCES' && syscall === 'listen') {
    return `Port ${where.port} needs privileges this user lacks; start with PORT=3000 npm start`;
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return `The database ${where.dbFile} is held by another server (one server per file); stop it or start with DB_FILE=${otherDbFile(where.dbFile)} npm start`;
  }
  const unwritable =
    ((code === 'EACCES' || code === 'EROFS' || code === 'EPERM') && syscall !== 'listen') ||
    code === 'SQLITE_CANTOPEN' ||
    (typeof code === 'string' && code.startsWith('SQLITE_READONLY'));
  if (unwritable) {
    const target =
      typeof path === 'string'
        ? path
        : code === 'SQLITE_CANTOPEN'
          ? dirname(resolve(where.dbFile))
          : resolve(where.dbFile);
    return `Cannot write ${target} (read-only or not yours); make it writable or start with DB_FILE=${join(tmpdir(), 'casino.db')} npm start`;
  }
  return undefined;
}

/** data/casino.db -> data/casino-2.db: a second file beside the first. */
function otherDbFile(file: string): string {
  const dot = file.lastIndexOf('.');
  return dot > Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) && dot > 0
    ? `${file.slice(0, dot)}-2${file.slice(dot)}`
    : `${file}-2`;
}
