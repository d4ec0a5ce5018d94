import axios, { type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Code } from '../../../shared/codes';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '../../../shared/contract/define';
import type { Envelope } from '../../../shared/envelope';
import { getDevice } from './device';
import { currentLanguage, t } from './i18n';
import { useLoadingStore } from './loading';
import { toast } from './toast';

/** Spec section 9: every request times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Spec section 8: envelope notices appear 100 ms after the answer. */
export const NOTICE_DELAY_MS = 100;
export const USER_INFO_PATH = '/api/user/info';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Spec (quiet): no loading indicator. */
    quiet?: boolean;
    /** A background call (refresh, badge, page data with its own error state): transport failures are not toasted. */
    silent?: boolean;
    /** Internal: this request counted in the loading indicator. */
    countedLoading?: boolean;
  }
}

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

function handleSessionInvalid(config: AxiosRequestConfig, message: string) {
  hooks.clearUser();
  if (pathOf(config) === USER_INFO_PATH || sessionNoticePending) return;
  sessionNoticePending = true;
  later(() => {
    sessionNoticePending = false;
    toast.danger(message);
    hooks.goGame();
  });
}

const pathOf = (config: AxiosRequestConfig): string => (config.url ?? '').split('?')[0] ?? '';

export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const device = getDevice();
  config.headers.set('language', currentLanguage());
  config.headers.set('version', device.version);
  config.headers.set('versionCode', device.versionCode == null ? '' : String(device.versionCode));
  config.headers.set('deviceId', device.deviceId);
  config.headers.set('requestFrom', device.requestFrom);
  if (!config.quiet) {
    config.countedLoading = true;
    useLoadingStore.getState().start();
  }
  return config;
});

const finish = (config: AxiosRequestConfig | undefined) => {
  if (config?.countedLoading) {
    config.countedLoading = false;
    useLoadingStore.getState().stop();
  }
};

http.interceptors.response.use(
  (response: AxiosResponse) => {
    finish(response.config);
    const body: unknown = response.data;
    if (!isEnvelope(body)) {
      const message = t('errors.generic');
      if (!response.config.silent) later(() => toast.danger(message));
      return Promise.reject(new ApiError('envelope', message, null, response.status));
    }
    if (!body.success) {
      const message = body.msg || t('errors.generic');
      if (body.code === Code.SESSION_INVALID) handleSessionInvalid(response.config, message);
      else later(() => toast.danger(message));
      return Promise.reject(new ApiError('envelope', message, body.code, response.status, body.data));
    }
    const method = (response.config.method ?? 'get').toLowerCase();
    if (body.msg && method !== 'get') {
      const message = body.msg;
      later(() => toast.success(message));
    }
    return response;
  },
  (error: unknown) => {
    if (!axios.isAxiosError(error)) return Promise.reject(error);
    finish(error.config);
    if (axios.isCancel(error) || error.code === 'ERR_CANCELED') {
      return Promise.reject(new ApiError('cancelled', 'cancelled'));
    }
    const status = error.response?.status ?? null;
    const message = httpErrorMessage(status);
    if (!error.config?.silent) toast.danger(message);
    return Promise.reject(new ApiError(status === null ? 'network' : 'http', message, null, status));
  },
);

/** A (quiet) endpoint of the contract must be called quietly; others may opt in (decorative calls). */
type QuietFlag<E extends Endpoint> = E extends { quiet: true } ? { quiet: true } : { quiet?: boolean };

export type CallOptions<E extends Endpoint> = QuietFlag<E> & {
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
  const config: AxiosRequestConfig = {
    method,
    url,
    quiet: options.quiet === true,
    silent: options.silent === true,
    signal: options.signal,
  };
  if (method === 'POST') config.data = options.body ?? {};
  else if (options.query) config.params = options.query;
  const response = await http.request<Envelope<DataOf<E>>>(config);
  return { data: response.data.data, msg: response.data.msg };
}
