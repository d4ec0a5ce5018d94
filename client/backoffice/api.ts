/**
 * The operator API from the back office. A named operator signs in with name, password and code: the server
 * keeps the session in an httpOnly cookie (this page never sees it) and every call sends `requestFrom: BO`
 * (CSRF). The service token (ADMIN_TOKEN, scripts and CI) can still be typed, kept for this tab only.
 */
import type { z } from 'zod';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '../../shared/contract/define';
import { RequestHeader } from '../../shared/http-headers';
import { manilaDayText, manilaText } from '../../shared/time';

const TOKEN_KEY = 'casino.ops.token';

export const token = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (value: string) => sessionStorage.setItem(TOKEN_KEY, value),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

const OPERATOR_KEY = 'casino.ops.operator';

/** The operator's name, sent as X-Operator so the audit trail and chat answers say who acted. */
export const operatorName = {
  get: () => sessionStorage.getItem(OPERATOR_KEY) ?? '',
  set: (value: string) => sessionStorage.setItem(OPERATOR_KEY, value),
};

export class OpsError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** The envelope's data: the field problems of a 10001 (field, message). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined>;

let onUnauthorized = () => {};
export const whenUnauthorized = (fn: () => void) => {
  onUnauthorized = fn;
};

/** The one fetch of the back office's envelope calls; sections call it through `opsCall` only. */
async function ops<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; tokenOverride?: string } = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    // named by shared/http-headers.ts: the list a CORS preflight allows
    headers: {
      [RequestHeader.requestFrom]: 'BO',
      ...((options.tokenOverride ?? token.get())
        ? { [RequestHeader.authorization]: `Bearer ${options.tokenOverride ?? token.get()}` }
        : {}),
      ...(token.get() && operatorName.get() ? { [RequestHeader.operator]: operatorName.get() } : {}),
      ...(options.body !== undefined ? { [RequestHeader.contentType]: 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  let envelope: { success: boolean; code: number; msg: string; data: T };
  try {
    envelope = await response.json();
  } catch {
    throw new OpsError(0, `HTTP ${response.status}`, response.status);
  }
  if (response.status === 401 && !options.tokenOverride) onUnauthorized();
  if (!envelope.success)
    throw new OpsError(envelope.code, envelope.msg || `Error ${envelope.code}`, response.status, envelope.data);
  return envelope.data;
}

/** The `:name` values of an endpoint's path, named by its params schema (none when it has no params). */
type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodObject
  ? { params: Record<keyof z.output<E['params']>, string | number> }
  : { params?: undefined };

/**
 * What a contract endpoint is called with: its `:name` path values, its query, its body (typed by the
 * contract); `tokenOverride` signs one call with a typed service token before it is kept (the sign-in form).
 */
export type OpsCall<E extends Endpoint> = { tokenOverride?: string } & ParamsOf<E> &
  ([QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> });

/** Whether an endpoint can be called with no options: no path values and no body to give. */
type NeedsNothing<E extends Endpoint> = [BodyOf<E>] extends [never]
  ? E['params'] extends z.ZodObject
    ? false
    : true
  : false;

/**
 * Calls an /ops endpoint of shared/contract through its endpoint object, as the player app's `call` does:
 * method and path from the contract, the path values, body and query typed by its request schemas, the
 * answer typed by its data schema. No hand-written answer types.
 */
export function opsCall<E extends Endpoint>(
  endpoint: E,
  ...[options]: NeedsNothing<E> extends true ? [OpsCall<E>?] : [OpsCall<E>]
) {
  const params = (options?.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return ops<DataOf<E>>(endpoint.method, path, {
    ...(options?.query ? { query: options.query as Query } : {}),
    ...(endpoint.method === 'POST' ? { body: options?.body ?? {} } : {}),
    ...(options?.tokenOverride ? { tokenOverride: options.tokenOverride } : {}),
  });
}

/**
 * A file the server answers as itself, not an envelope (a KYC photo): fetched with the same session or
 * token as every call (an <img src> would not carry the token), kept in memory only (the server says
 * no-store). A refusal is the envelope, thrown as OpsError.
 */
export async function getBlob(path: string): Promise<Blob> {
  const response = await fetch(new URL(path, window.location.origin), {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: token.get() ? { [RequestHeader.authorization]: `Bearer ${token.get()}` } : {},
  });
  if (response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
  const envelope = (await response.json().catch(() => null)) as { code: number; msg: string } | null;
  if (response.status === 401) onUnauthorized();
  throw new OpsError(envelope?.code ?? 0, envelope?.msg || `HTTP ${response.status}`, response.status);
}

let granted = new Set<string>();
let service = false;
/** Whether the signed-in operator's role may use a permission (shared/roles.ts); the server decides anyway. */
export const can = (permission: string) => granted.has(permission);
/** Whether the service account (ADMIN_TOKEN) is signed in: it alone grants the tester role (shared/roles.ts). */
export const isService = () => service;
export const grant = (permissions: string[], asService = false) => {
  granted = new Set(permissions);
  service = asService;
};

export const pesos = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dates as the player app shows them in English and the server's messages write them (shared/time.ts
 * manilaText, the one helper of both apps): MM/DD/YYYY, hh:mm AM/PM, Manila time. The back office is in
 * English; an operator reading a player's screen or message sees the same date. api.test.ts holds them equal.
 */
const BACK_OFFICE_LOCALE = 'en-US';

/** An instant, Manila time: "11/20/2026, 10:00 AM"; "—" for none. */
export const when = (iso: string | null) => (iso ? manilaText(iso, BACK_OFFICE_LOCALE) : '—');
/** A Manila business day (YYYY-MM-DD) as the app writes dates: "11/20/2026". */
export const dayText = (day: string) => manilaDayText(day, BACK_OFFICE_LOCALE);
/** The time of an instant to the second, Manila time (the live request log): "10:00:05 AM". */
export const clockTime = (iso: string) => manilaText(iso, BACK_OFFICE_LOCALE, 'timeSeconds');
