import type { FastifyInstance } from 'fastify';
import { md5 } from 'js-md5';
import { Code } from '../../../../shared/codes';
import { AppError } from '../../errors';
import type { ScenarioRunner } from './runner';

/** Headers a replay does not copy: the replay's own connection, session and the log's redactions decide them. */
const DROPPED_HEADERS = new Set([
  'host',
  'cookie',
  'content-length',
  'connection',
  'authorization',
  'accept-encoding',
  'transfer-encoding',
  'upgrade',
]);
/** Requests a replay skips: the operator API, static files, sockets. */
const SKIPPED_PATH = /^\/(ops(\/|$)|assets\/|static\/|provider\/assets\/|favicon|webSocket)/;
const PASSWORD_KEY = /pass(word)?|pwd/i;
const REPLAY_ADDRESS = '127.0.0.77';

interface HarEntry {
  request?: {
    method?: string;
    url?: string;
    headers?: { name?: string; value?: string }[];
    postData?: { text?: string };
  };
  response?: { status?: number; content?: { text?: string } };
  _code?: number | null;
  _resourceType?: string;
}

export interface ReplayResult {
  index: number;
  method: string;
  path: string;
  expected: { status: number; code: number | null };
  actual: { status: number; code: number | null };
  same: boolean;
}

const codeOf = (text: string | undefined): number | null => {
  if (!text?.startsWith('{"success"')) return null;
  const match = /"code":(-?\d+)/.exec(text);
  return match ? Number(match[1]) : null;
};

/** Redacted passwords become the given one, hashed as the client sends it (md5 of what was typed). */
function unredact(value: unknown, password: string): unknown {
  if (Array.isArray(value)) return value.map((v) => unredact(v, password));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        v === '[redacted]' && PASSWORD_KEY.test(k) ? md5(password) : unredact(v, password),
      ]),
    );
  }
  return value;
}

function bodyOf(text: string | undefined, password: string): string | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.stringify(unredact(JSON.parse(text), password));
  } catch {
    return text;
  }
}

/**
 * Replays the requests of a HAR (the request log's export, or a browser's) against this server, in order,
 * optionally on a freshly loaded scenario, as one browser: one cookie jar fed by the answers' Set-Cookie,
 * one address. Redacted passwords are replaced by `password` (the personas' Secret123 by default). Each
 * request's status and envelope code are compared with the recorded ones.
 */
export function createHarReplay(deps: { app: FastifyInstance; scenarios: ScenarioRunner }) {
  const { app } = deps;

  return async function replay(input: { har: unknown; scenario?: string; password: string }) {
    const entries = (input.har as { log?: { entries?: unknown } } | null)?.log?.entries;
    if (!Array.isArray(entries)) throw new AppError(Code.HAR_INVALID);
    if (input.scenario) await deps.scenarios.load(input.scenario);
    await app.limiter.clear();

    let cookie = '';
    const results: ReplayResult[] = [];
    let skipped = 0;
    for (const [index, raw] of (entries as HarEntry[]).entries()) {
      const request = raw?.request;
      let url: URL;
      try {
        url = new URL(request?.url ?? '');
      } catch {
        throw new AppError(Code.HAR_INVALID);
      }
      const method = (request?.method ?? 'GET').toUpperCase();
      if (raw._resourceType === 'websocket' || SKIPPED_PATH.test(url.pathname) || method === 'OPTIONS') {
        skipped++;
        continue;
      }
      const headers: Record<string, string> = {};
      for (const h of request?.headers ?? []) {
        const name = h.name?.toLowerCase() ?? '';
        if (!name || name.startsWith(':') || DROPPED_HEADERS.has(name) || h.value === '[redacted]') continue;
        headers[name] = h.value ?? '';
      }
      if (cookie) headers.cookie = cookie;
      const payload = bodyOf(request?.postData?.text, input.password);
      const answer = await app.inject({
        method: method as 'GET',
        url: url.pathname + url.search,
        headers,
        remoteAddress: REPLAY_ADDRESS,
        ...(payload !== undefined ? { payload } : {}),
      });
      for (const line of [answer.headers['set-cookie']].flat()) {
        const match = line && /^sid=([^;]*)/.exec(line);
        if (match) cookie = match[1] ? `sid=${match[1]}` : '';
      }
      const expected = {
        status: Number(raw.response?.status ?? 0),
        code: raw._code ?? codeOf(raw.response?.content?.text),
      };
      const actual = { status: answer.statusCode, code: codeOf(answer.body) };
      results.push({
        index,
        method,
        path: url.pathname + url.search,
        expected,
        actual,
        same: expected.status === actual.status && expected.code === actual.code,
      });
    }
    const different = results.filter((r) => !r.same).length;
    return {
      scenario: input.scenario ?? null,
      replayed: results.length,
      same: results.length - different,
      different,
      skipped,
      results,
    };
  };
}
