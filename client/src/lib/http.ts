/**
 * The one HTTP layer of the client (spec sections 8 and 9), on the browser's fetch: axios cost 21 KB
 * gzip of the lobby's first load for what these 150 lines do.
 */
import { Code } from '../../../shared/codes';
import type { BodyOf, DataOf, Endpoint, Method, QueryOf } from '../../../shared/contract/define';
import type { Envelope } from '../../../shared/envelope';
import { RequestHeader, type RequestHeaderName } from '../../../shared/http-headers';
import { getDevice } from './device';
import { currentLanguage, t } from './i18n';
import { useLoadingStore } from './loading';
import { toast } from './toast';

/** Spec section 9: every request times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Spec section 8: envelope notices appear 100 ms after the answer. */
export const NOTICE_DELAY_MS = 100;
export const USER_INFO_PATH = '/api/user/info';

export type FailureKind = 'envelope' | 'http' | 'network' | 'cancelled';

/** What every failed call rejects with; branch on `code` (the envelope) or `status` (transport). */
export class ApiError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly code: number | null = null,
    readonly status: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface HttpHooks {
  /** Code 20002: clear the stored user, badge counters and socket. */
  clearUser(): void;
  /** After the 20002 notice: go to game, or reload when already there. */
  goGame(): void;
}

const hooks: HttpHooks = { clearUser: () => {}, goGame: () => {} };
export const configureHttp = (next: Partial<HttpHooks>): void => {
  Object.assign(hooks, next);
};

/** Spec section 8, HTTP errors: the message key of each status; any other status or no answer: 'Request error'. */
export const STATUS_MESSAGE_KEYS: Readonly<Record<number, string>> = {
  400: 'errors.http.badRequest',
  401: 'errors.http.badRequest',
  404: 'errors.http.notFound',
  408: 'errors.http.timeout',
  500: 'errors.http.server',
  501: 'errors.http.unavailable',
  502: 'errors.http.badGateway',
  503: 'errors.http.unavailable',
  504: 'errors.http.gatewayTimeout',
  505: 'errors.http.version',
};

export const httpErrorMessage = (status: number | null | undefined): string =>
  t((status != null && STATUS_MESSAGE_KEYS[status]) || 'errors.http.badRequest');

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && typeof (body as Envelope<unknown>).success === 'boolean';

const later = (fn: () => void) => setTimeout(fn, NOTICE_DELAY_MS);

let sessionNoticePending = false;

function handleSessionInvalid(path: string, message: string) {
  hooks.clearUser();
  if (path === USER_INFO_PATH || sessionNoticePending) return;
  sessionNoticePending = true;
  later(() => {
    sessionNoticePending = false;
    toast.danger(message);
    hooks.goGame();
  });
}

/**
 * The session ended without a request noticing it (the socket's `session.ended`: a login elsewhere, an
 * operator...): the same sequence as code 20002, with its notice.
 */
export function sessionEnded(message: string = t('errors.sessionEnded')): void {
  handleSessionInvalid('', message);
}

/** One request as the layer sees it (the contract's call() builds it). */
export interface RequestConfig {
  method: Method;
  /** Path, without the query string. */
  url: string;
  /** Query values; undefined and null are left out. */
  query?: Record<string, unknown>;
  /** JSON body (POST). */
  body?: unknown;
  /** Spec (quiet): no loading indicator. */
  quiet?: boolean;
  /** A background call (refresh, badge, page data with its own error state): transport failures are not toasted. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header (a money POST of the contract, docs/money.md "Idempotency-Key"). */
  idempotencyKey?: string;
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** The request headers (spec section 9), named by shared/http-headers.ts: the list the server's CORS allows. */
function headersFor(config: RequestConfig): Partial<Record<RequestHeaderName, string>> {
  const device = getDevice();
  const headers: Partial<Record<RequestHeaderName, string>> = {
    [RequestHeader.accept]: 'application/json',
    [RequestHeader.language]: currentLanguage(),
    [RequestHeader.version]: device.version,
    [RequestHeader.versionCode]: device.versionCode == null ? '' : String(device.versionCode),
    [RequestHeader.deviceId]: device.deviceId,
    [RequestHeader.requestFrom]: device.requestFrom,
  };
  if (config.method === 'POST') headers[RequestHeader.contentType] = 'application/json';
  if (config.idempotencyKey) headers[RequestHeader.idempotencyKey] = config.idempotencyKey;
  return headers;
}

/**
 * fetch with the 10 s time-out and the caller's signal; resolves with the status and the parsed body
 * (the raw text when it is not JSON), rejects with the ApiError of a transport failure.
 */
async function send(config: RequestConfig): Promise<{ status: number; body: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  config.signal?.addEventListener('abort', cancel);
  try {
    if (config.signal?.aborted) throw new ApiError('cancelled', 'cancelled');
    const response = await fetch(withQuery(config.url, config.query), {
      method: config.method,
      headers: headersFor(config),
      credentials: 'include',
      signal: controller.signal,
      ...(config.method === 'POST' ? { body: JSON.stringify(config.body ?? {}) } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the caller sees a body that is not an envelope
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (config.signal?.aborted) throw new ApiError('cancelled', 'cancelled');
    // no answer at all: network failure or the time-out
    const message = httpErrorMessage(null);
    if (!config.silent) toast.danger(message);
    throw new ApiError('network', message);
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * Sends one request and applies spec section 8 to the answer: the loading indicator (unless quiet),
 * red notices for failures, the 20002 sequence, a green notice for a non-GET success with a msg.
 * Resolves with the envelope; rejects with an ApiError.
 */
export async function request<T>(config: RequestConfig): Promise<Envelope<T>> {
  const counted = !config.quiet;
  if (counted) useLoadingStore.getState().start();
  let answer: { status: number; body: unknown };
  try {
    answer = await send(config);
  } finally {
    if (counted) useLoadingStore.getState().stop();
  }
  const { status, body } = answer;
  if (status < 200 || status >= 300) {
    const message = httpErrorMessage(status);
    if (!config.silent) toast.danger(message);
    throw new ApiError('http', message, null, status);
  }
  if (!isEnvelope(body)) {
    const message = t('errors.generic');
    if (!config.silent) later(() => toast.danger(message));
    throw new ApiError('envelope', message, null, status);
  }
  if (!body.success) {
    const message = body.msg || t('errors.generic');
    if (body.code === Code.SESSION_INVALID) handleSessionInvalid(config.url, message);
    else later(() => toast.danger(message));
    throw new ApiError('envelope', message, body.code, status, body.data);
  }
  if (body.msg && config.method !== 'GET') {
    const message = body.msg;
    later(() => toast.success(message));
  }
  return body as Envelope<T>;
}

/** A (quiet) endpoint of the contract must be called quietly; others may opt in (decorative calls). */
type QuietFlag<E extends Endpoint> = E extends { quiet: true } ? { quiet: true } : { quiet?: boolean };

/** An `idempotent` endpoint of the contract (a money POST) is called with an Idempotency-Key. */
type IdempotentFlag<E extends Endpoint> = E extends { idempotent: true }
  ? { idempotent: true }
  : { idempotent?: never };

export type CallOptions<E extends Endpoint> = QuietFlag<E> &
  IdempotentFlag<E> & {
    silent?: boolean;
    signal?: AbortSignal;
    /** Values of `:name` segments in the path. */
    params?: Record<string, string | number>;
  } & ([QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> });

/**
 * Calls one endpoint of the contract: method and path are checked against it at compile time, the
 * answer is the envelope's `data`, and every failure rejects with an ApiError (already shown to the player
 * as spec section 8 says).
 */
export async function call<E extends Endpoint>(
  method: E['method'],
  path: E['path'],
  options: CallOptions<E>,
): Promise<DataOf<E>> {
  return (await callWithMessage<E>(method, path, options)).data;
}

/** Like call(), also giving the envelope's msg (already shown as a green notice for non-GET calls when set). */
export async function callWithMessage<E extends Endpoint>(
  method: E['method'],
  path: E['path'],
  options: CallOptions<E>,
): Promise<{ data: DataOf<E>; msg: string }> {
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(options.params?.[name] ?? '')));
  const body = options.body ?? {};
  const idempotencyKey = options.idempotent === true ? submissionKey(url, body) : undefined;
  let envelope: Envelope<DataOf<E>>;
  try {
    envelope = await request<DataOf<E>>({
      method,
      url,
      quiet: options.quiet === true,
      silent: options.silent === true,
      signal: options.signal,
      idempotencyKey,
      ...(method === 'POST' ? { body } : { query: options.query as Record<string, unknown> }),
    });
  } catch (error) {
    if (idempotencyKey && isAnswer(error)) openSubmissions.delete(url);
    throw error;
  }
  if (idempotencyKey) openSubmissions.delete(url);
  return { data: envelope.data, msg: envelope.msg };
}

/**
 * Per idempotent path, the last submission still without an answer (no answer at all, a 5xx, or
 * IDEMPOTENCY_IN_PROGRESS): the server may have run it. Sending the same body there again is a retry of
 * it and reuses its Idempotency-Key, so the server answers the first answer instead of running it twice;
 * any other body, or any answer, starts a new submission with a fresh key.
 */
const openSubmissions = new Map<string, { body: string; key: string }>();

function submissionKey(url: string, body: unknown): string {
  const text = JSON.stringify(body);
  const open = openSubmissions.get(url);
  if (open?.body === text) return open.key;
  const key = newKey();
  openSubmissions.set(url, { body: text, key });
  return key;
}

/** A UUID; crypto.randomUUID exists only on https and localhost, so 128 random bits in hex elsewhere. */
const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether a failed call was answered by the server for good (it says what happened to the submission). */
const isAnswer = (error: unknown): boolean =>
  error instanceof ApiError &&
  ((error.kind === 'envelope' && error.code !== null && error.code !== Code.IDEMPOTENCY_IN_PROGRESS) ||
    (error.kind === 'http' && error.status !== null && error.status < 500));
