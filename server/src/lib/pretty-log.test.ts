import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPrettyFormatter, prettyLogStream } from './pretty-log';

/** A real Fastify logging into the pretty stream; returns what it printed. */
async function logged(run: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: prettyLogStream({ write: (t) => lines.push(t) }, false) } });
  app.get('/api/balance', async () => ({ ok: true }));
  app.get('/api/boom', async () => {
    throw new Error('kaboom');
  });
  await app.ready();
  await run(app);
  await app.close();
  return lines.join('');
}

describe('pretty development logs', () => {
  it('a request is one line: time, level, method, path, status, duration; no JSON', async () => {
    const out = await logged(async (app) => {
      await app.inject({ method: 'GET', url: '/api/balance?x=1' });
    });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/balance\?x=1 200 \d+\.\d ms$/);
  });

  it('a failing request keeps the error and its stack, and the 500 line', async () => {
    const out = await logged(async (app) => {
      await app.inject({ method: 'GET', url: '/api/boom' });
    });
    expect(out).toMatch(/ERROR .*\(GET \/api\/boom\)/);
    expect(out).toContain('Error: kaboom\n    at ');
    expect(out).toMatch(/INFO {2}GET \/api\/boom 500 /);
  });

  it('other fields are key=value; colours only when asked; a line that is not JSON passes through', () => {
    const plain = createPrettyFormatter(false);
    expect(plain(JSON.stringify({ level: 40, time: 0, msg: 'migrations applied', applied: ['0001_init'] }))).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}migrations applied applied=\["0001_init"\]$/,
    );
    expect(createPrettyFormatter(true)(JSON.stringify({ level: 50, msg: 'x' }))).toContain('\x1b[31mERROR\x1b[0m');
    expect(plain('not json\n')).toBe('not json');
  });

  it('pretty in development, JSON in production, LOG_FORMAT decides when set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});
