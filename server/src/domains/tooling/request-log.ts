import type { Frame } from '../../../../shared/socket';
import { lastFour } from '../../lib/contact';

export interface FrameLog {
  uid: number | null;
  event: string;
  sid: string;
  at: string;
  /** The frame as the socket sent it (JSON, secrets redacted, cut at 4 KB): the HAR's _webSocketMessages. */
  data?: string;
}

export interface RequestLog {
  id: number;
  at: string;
  method: string;
  path: string;
  route: string | null;
  status: number;
  code: number | null;
  durationMs: number;
  uid: number | null;
  fault: number | null;
  /** The stub that answered it instead of the handler (/ops/stubs). */
  stub: number | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  frames: FrameLog[];
}

/**
 * What the hooks hand over on every request: headers and the answer as they are, redacted only when
 * the log is read (rarely, by a tester), not on each of the many requests written.
 */
export interface RawRequestLog extends Omit<RequestLog, 'id' | 'requestHeaders' | 'responseHeaders' | 'responseBody'> {
  rawRequestHeaders: Record<string, unknown>;
  rawResponseHeaders: Record<string, unknown>;
  rawResponseBody: string | null;
}

interface Kept {
  id: number;
  raw: RawRequestLog | null;
  done: RequestLog | null;
  /** The entry as JSON, made once when first saved: each later save of the log reuses it. */
  json: string | null;
}

export const LOG_SIZE = 1000;
/** A larger answer is redacted at once, so the ring never holds more than this per entry. */
const LAZY_BODY_LIMIT = 64 * 1024;
const BODY_LIMIT = 4096;
const MAX_IN_FLIGHT = 1024;
const SECRET_KEY = /pass(word)?|pwd|secret|token|mpin|signature|captcha|answer|cookie|authorization|smscode|otp/i;
/** A key that is a secret only as text: an SMS or redemption `code` ("123456"), not an envelope's 10001. */
const SECRET_TEXT_KEY = /^(code|verifyCode)$/i;
/**
 * Identity, phone and e-wallet numbers keep their last 4 characters, as the player's own screens show them
 * (and as a tester's snapshot download masks them): a tester reads this log, an admin's /ops/users answer in it.
 */
const MASKED_KEY = /^(id(Number|No)|phone(Number)?|mobile|payerMobile|account)$/i;
/**
 * A KYC photo (the upload's base64 `image`): its size only. The upload route swaps its body for the size, but
 * a body the contract refuses (an unknown kind, a data: prefix) never reaches it, and testers, who may not
 * see the photos (kyc.documents), read this log.
 */
const PHOTO_KEY = /^(image|photo)$/i;
/** The page session id in a game page's API path (`/provider/api/<id>/play`) and in the page's HTML. */
const PAGE_SESSION_PATH = /^(\/provider\/api\/)[^/?]+/;
const PAGE_SESSION_ATTR = /data-session="[^"]*"/g;
/** A string that is a link with a query (absolute, any scheme, or a path): its query is redacted. */
const LINK = /^([a-z][a-z0-9+.-]*:\/\/|\/)[^\s?]*\?/i;
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization']);

/** The last 4 characters, as /ops answers a tester (lib/contact.ts); a shorter value is redacted whole. */
const mask = (text: string) => (text.length <= 4 ? '[redacted]' : lastFour(text));

/**
 * Values under secret keys become "[redacted]", at any depth: passwords, tokens (one-time game and checkout
 * tokens too), signatures, captcha answers, SMS codes, and the secret query parameters of any link (the
 * otpauth:// URI of an operator's 2FA enrolment); identity, phone and wallet numbers keep only their last 4
 * characters; a photo only its length.
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (typeof v !== 'string' || v === '') return [k, redact(v)];
        if (SECRET_KEY.test(k) || SECRET_TEXT_KEY.test(k)) return [k, '[redacted]'];
        if (MASKED_KEY.test(k)) return [k, mask(v)];
        if (PHOTO_KEY.test(k)) return [k, `[photo, ${v.length} characters]`];
        // A link carries its secrets in its query: an operator's otpauth:// enrolment (?secret=), a
        // checkout or launch URL (?token=). Its secret parameters go as a path's do.
        if (LINK.test(v)) return [k, redactPath(v)];
        return [k, v];
      }),
    );
  }
  return value;
}

/**
 * A path with the values of secret query parameters redacted (`/provider/play/x?token=[redacted]`), a game
 * page's session id (`/provider/api/[redacted]/play`), and the values of
 * number parameters masked to their last 4 (`/ops/sms?phone=…8147`).
 */
export function redactPath(raw: string): string {
  // A game page's API calls name its page session in the path: whoever has it bets with the player's money.
  const path = raw.replace(PAGE_SESSION_PATH, '$1[redacted]');
  const at = path.indexOf('?');
  if (at < 0) return path;
  const query = path
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      if (eq >= 0 && MASKED_KEY.test(key)) {
        return `${pair.slice(0, eq)}=${encodeURIComponent(mask(decodeURIComponentSafe(pair.slice(eq + 1))))}`;
      }
      if (eq < 0 || !(SECRET_KEY.test(key) || SECRET_TEXT_KEY.test(key))) return pair;
      return `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${path.slice(0, at)}?${query}`;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? '[redacted]' : Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

/** A body as the log keeps it: JSON re-serialized with secrets redacted, cut at 4 KB. */
export function bodyText(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  let text: string;
  if (typeof body === 'string') {
    try {
      text = JSON.stringify(redact(JSON.parse(body)));
    } catch {
      // A game page (HTML) carries its page session id, a bearer of the player's wallet at the provider.
      text = body.replace(PAGE_SESSION_ATTR, 'data-session="[redacted]"');
    }
  } else text = JSON.stringify(redact(body));
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}…` : text;
}

/** What the log can be searched by: `path` is a part of the path, `route` the count's exact form. */
export interface LogFilter {
  path?: string;
  /** The path without its query, the route pattern (/api/letter/:id), or a prefix ending in *. */
  route?: string;
  method?: string;
  status?: number;
  stubbed?: boolean;
  uid?: number;
  code?: number;
  limit: number;
  ops: boolean;
}

function routeMatches(route: string, r: Pick<RequestLog, 'path' | 'route'>): boolean {
  const path = r.path.split('?')[0] ?? r.path;
  if (route.endsWith('*')) return path.startsWith(route.slice(0, -1));
  return path === route || r.route === route;
}

/** A request being answered, as the frame attribution sees it. */
export interface InFlight {
  frames: FrameLog[];
  /** The session's player (known once the route authenticated), null for visitors and server calls. */
  userId(): number | null;
}

/**
 * The last 1,000 requests and the socket frames pushed while each ran, plus frames pushed outside any
 * request (timers, clock moves). Memory only.
 *
 * A frame belongs to the request in whose async context it was pushed (hooks.ts, `scopedRequest`: the
 * request's own work, and what it started that finishes after its answer, as an event's listeners), when it
 * concerns that request's player or the request has none. A frame pushed outside any request's context
 * goes to the request in flight that concerns its player: the newest one of that player's session, else the
 * newest in flight without a session (an operator's call, a gateway webhook, a provider's wallet call, a
 * registration), else no request.
 */
export function createRequestLog(options: { changed?: () => void } = {}) {
  const changed = () => options.changed?.();
  const requests: Kept[] = [];
  const loose: FrameLog[] = [];
  const inFlight = new Set<InFlight>();
  let nextId = 1;

  /** The entry as the log shows it, redacted once on first read. */
  const view = (item: Kept): RequestLog => {
    if (!item.done) {
      const { rawRequestHeaders, rawResponseHeaders, rawResponseBody, ...rest } = item.raw as RawRequestLog;
      item.done = {
        id: item.id,
        ...rest,
        requestHeaders: redactHeaders(rawRequestHeaders),
        responseHeaders: redactHeaders(rawResponseHeaders),
        responseBody: bodyText(rawResponseBody),
      };
      item.raw = null;
    }
    return item.done;
  };

  const keep = <T>(ring: T[], item: T) => {
    ring.push(item);
    if (ring.length > LOG_SIZE) ring.shift();
  };

  function add(entry: RawRequestLog) {
    const item: Kept = { id: nextId++, raw: entry, done: null, json: null };
    if (entry.rawResponseBody !== null && entry.rawResponseBody.length > LAZY_BODY_LIMIT) view(item);
    keep(requests, item);
    changed();
  }

  return {
    /** A request started: frames pushed from now on may belong to it. */
    begin(request: InFlight) {
      inFlight.add(request);
      // A request whose connection died without an answer or an abort event must not stay forever.
      if (inFlight.size > MAX_IN_FLIGHT) inFlight.delete(inFlight.values().next().value as InFlight);
    },

    /**
     * `scoped`: the request in whose async context the frame was pushed (its own work, or work it started
     * that ended after its answer): the frame is that request's when it concerns its player or it has none.
     */
    frame(userId: number, uid: number | null, frame: Frame, at: string, scoped?: InFlight): FrameLog {
      const entry: FrameLog = { uid, event: frame.event, sid: frame.sid, at, data: bodyText(frame) ?? '' };
      const scopedUser = scoped?.userId();
      if (scoped && (scopedUser === userId || scopedUser === null)) {
        scoped.frames.push(entry);
        if (!inFlight.has(scoped)) changed(); // already logged: the entry holds its frames by reference
        return entry;
      }
      let own: InFlight | undefined;
      let sessionless: InFlight | undefined;
      for (const request of inFlight) {
        const id = request.userId();
        if (id === userId) own = request;
        else if (id === null) sessionless = request;
      }
      const owner = own ?? sessionless;
      if (owner) owner.frames.push(entry);
      else {
        keep(loose, entry);
        changed();
      }
      return entry;
    },

    /** A request ended (answered or aborted): `entry` is what it logs, or null for an unlogged one. */
    end(request: InFlight, entry: RawRequestLog | null) {
      inFlight.delete(request);
      if (entry) add(entry);
    },

    add,

    /** Newest first. */
    find(filter: LogFilter) {
      const match = (
        r: Pick<RequestLog, 'path' | 'uid' | 'frames' | 'code' | 'method' | 'route' | 'status' | 'stub'>,
      ) =>
        (filter.ops || !r.path.startsWith('/ops')) &&
        (filter.path === undefined || r.path.includes(filter.path)) &&
        (filter.route === undefined || routeMatches(filter.route, r)) &&
        (filter.method === undefined || r.method === filter.method) &&
        (filter.status === undefined || r.status === filter.status) &&
        (filter.stubbed === undefined || (r.stub != null) === filter.stubbed) &&
        (filter.uid === undefined || r.uid === filter.uid || r.frames.some((f) => f.uid === filter.uid)) &&
        (filter.code === undefined || r.code === filter.code);
      const found: RequestLog[] = [];
      for (let i = requests.length - 1; i >= 0 && found.length < filter.limit; i--) {
        const item = requests[i] as Kept;
        if (match(item.done ?? (item.raw as RawRequestLog))) found.push(view(item));
      }
      const frames = loose
        .filter((f) => filter.uid === undefined || f.uid === filter.uid)
        .slice(-filter.limit)
        .reverse();
      return { requests: found, frames };
    },

    clear() {
      requests.length = 0;
      inFlight.clear();
      loose.length = 0;
      changed();
    },

    /** The whole log, redacted, oldest first: what survives a restart. */
    state: () => ({ requests: requests.map(view), frames: [...loose] }),

    /**
     * state() as JSON text (`{"requests":[...],"frames":[...]}`), for the file that survives a restart:
     * each request is serialized once in its life, so saving the log again after a burst costs the new
     * entries and the joining, not the whole log.
     */
    stateJson(): string {
      const entries = requests.map((item) => {
        item.json ??= JSON.stringify(view(item));
        return item.json;
      });
      return `{"requests":[${entries.join(',')}],"frames":${JSON.stringify(loose)}}`;
    },

    /** Takes back the log of a previous run (already redacted). */
    load(state: { requests: RequestLog[]; frames: FrameLog[] }) {
      requests.splice(
        0,
        requests.length,
        ...state.requests
          .slice(-LOG_SIZE)
          .map((r) => ({ id: r.id, raw: null, done: { ...r, stub: r.stub ?? null }, json: null })),
      );
      loose.splice(0, loose.length, ...state.frames.slice(-LOG_SIZE));
      nextId = Math.max(nextId, ...state.requests.map((r) => r.id + 1));
    },
  };
}

export type RequestLogStore = ReturnType<typeof createRequestLog>;

/** Frames as DevTools shows a socket's messages in a HAR: on one websocket entry per player. */
function socketEntries(frames: FrameLog[], origin: string) {
  const byUid = new Map<number | null, FrameLog[]>();
  for (const f of frames) byUid.set(f.uid, [...(byUid.get(f.uid) ?? []), f]);
  const wsOrigin = origin.replace(/^http/, 'ws');
  return [...byUid].map(([uid, list]) => {
    const sorted = [...list].sort((a, b) => a.at.localeCompare(b.at));
    return {
      startedDateTime: sorted[0]?.at ?? new Date(0).toISOString(),
      time: 0,
      request: {
        method: 'GET',
        url: `${wsOrigin}/webSocket/${uid ?? ''}`,
        httpVersion: 'HTTP/1.1',
        headers: [
          { name: 'Connection', value: 'Upgrade' },
          { name: 'Upgrade', value: 'websocket' },
        ],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 101,
        statusText: 'Switching Protocols',
        httpVersion: 'HTTP/1.1',
        headers: [],
        cookies: [],
        content: { size: 0, mimeType: 'x-unknown' },
        redirectURL: '',
        headersSize: -1,
        bodySize: 0,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      _resourceType: 'websocket',
      _uid: uid,
      _webSocketMessages: sorted.map((f) => ({
        type: 'receive',
        time: Date.parse(f.at) / 1000,
        opcode: 1,
        data: f.data ?? JSON.stringify({ event: f.event, sid: f.sid }),
      })),
    };
  });
}

/**
 * HTTP Archive 1.2 of log entries (oldest first), with the frames and codes as extension fields, plus one
 * websocket entry per player carrying the frames pushed to them (`_webSocketMessages`, as Chrome DevTools
 * writes them), from the requests and from `loose` (frames pushed outside any request).
 */
export function toHar(
  entries: (RequestLog & { process: string })[],
  origin: string,
  version: string,
  loose: FrameLog[] = [],
) {
  const frames = [...entries.flatMap((r) => r.frames), ...loose];
  const http = [...entries].reverse().map((r) => {
    const url = new URL(r.path, origin);
    const requestType = r.requestHeaders['content-type'] ?? 'application/json';
    const responseType = r.responseHeaders['content-type'] ?? 'application/octet-stream';
    return {
      startedDateTime: r.at,
      time: r.durationMs,
      request: {
        method: r.method,
        url: url.toString(),
        httpVersion: 'HTTP/1.1',
        headers: Object.entries(r.requestHeaders).map(([name, value]) => ({ name, value })),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        cookies: [],
        headersSize: -1,
        bodySize: r.requestBody?.length ?? 0,
        ...(r.requestBody !== null ? { postData: { mimeType: requestType, text: r.requestBody } } : {}),
      },
      response: {
        status: r.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: Object.entries(r.responseHeaders).map(([name, value]) => ({ name, value })),
        cookies: [],
        content: { size: r.responseBody?.length ?? 0, mimeType: responseType, text: r.responseBody ?? '' },
        redirectURL: '',
        headersSize: -1,
        bodySize: r.responseBody?.length ?? -1,
      },
      cache: {},
      timings: { send: 0, wait: r.durationMs, receive: 0 },
      _uid: r.uid,
      _code: r.code,
      _fault: r.fault,
      _process: r.process,
      _frames: r.frames.map(({ data: _data, ...f }) => f),
    };
  });
  const sockets = socketEntries(frames, origin);
  return {
    log: {
      version: '1.2',
      creator: { name: 'casino-ph request log', version },
      pages: [],
      entries: [...sockets, ...http].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime)),
    },
  };
}
