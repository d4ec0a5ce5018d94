/**
 * Development logs a person reads: pino's JSON lines turned into one short line each, with the level in
 * colour on a terminal. A request is one line when it completes (method, path, status, time), instead of
 * pino's two; an error keeps its stack. Production keeps pino's JSON (LOG_FORMAT picks, see config.ts).
 * Not pino-pretty: it formats each line alone, so it can neither drop Fastify's "incoming request" line
 * nor carry its method and path over to "request completed", and it always writes `LEVEL:` and the other
 * fields as JSON, not the README's `12:04:05 INFO  GET /api/balance 200 3.1 ms` with key=value extras.
 */

const LEVELS: Record<number, { name: string; color: number }> = {
  10: { name: 'TRACE', color: 90 },
  20: { name: 'DEBUG', color: 36 },
  30: { name: 'INFO ', color: 32 },
  40: { name: 'WARN ', color: 33 },
  50: { name: 'ERROR', color: 31 },
  60: { name: 'FATAL', color: 35 },
};

/** pino's own fields and Fastify's request fields: shown in the line's shape, not as key=value. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const paint = (color: boolean, code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

const clockTime = (ms: number | undefined) => new Date(ms ?? Date.now()).toTimeString().slice(0, 8);

function extras(record: LogRecord): string {
  const pairs = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return pairs.length ? ` ${pairs.join(' ')}` : '';
}

/**
 * A formatter for one process: it remembers each request's method and path from Fastify's "incoming
 * request" line (printed as nothing) and prints them with the "request completed" line.
 */
export function createPrettyFormatter(color: boolean) {
  const pending = new Map<string, string>();
  return (line: string): string | undefined => {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      return line.replace(/\n$/, '');
    }
    const level = LEVELS[record.level ?? 30] ?? { name: String(record.level), color: 0 };
    const head = `${paint(color, 90, clockTime(record.time))} ${paint(color, level.color, level.name)}`;
    if (record.msg === 'incoming request' && record.reqId && record.req) {
      pending.set(record.reqId, `${record.req.method} ${record.req.url}`);
      return undefined;
    }
    if (record.msg === 'request completed' && record.reqId) {
      const request = pending.get(record.reqId) ?? record.reqId;
      pending.delete(record.reqId);
      const status = record.res?.statusCode ?? 0;
      const statusText = paint(color, status >= 500 ? 31 : status >= 400 ? 33 : 32, String(status));
      const ms = record.responseTime === undefined ? '' : ` ${record.responseTime.toFixed(1)} ms`;
      return `${head} ${request} ${statusText}${ms}${extras(record)}`;
    }
    const where = record.reqId && pending.has(record.reqId) ? ` (${pending.get(record.reqId)})` : '';
    const error = record.err ? `\n${record.err.stack ?? `${record.err.type}: ${record.err.message}`}` : '';
    return `${head} ${record.msg ?? ''}${where}${extras(record)}${error}`;
  };
}

/** A pino destination writing the pretty lines to `out` (stdout by default). */
export function prettyLogStream(
  out: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
  color = Boolean(out.isTTY),
) {
  const format = createPrettyFormatter(color);
  return {
    write(line: string) {
      const text = format(line);
      if (text !== undefined) out.write(`${text}\n`);
    },
  };
}
