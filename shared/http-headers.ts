/**
 * The HTTP headers the clients and the server agree on, in one place: the clients set their request
 * headers by these names (client/src/lib/http.ts, client/backoffice/api.ts) and the server's CORS
 * preflight allows exactly CLIENT_REQUEST_HEADERS (server/src/plugins/cors.ts). A header a client sends
 * that is missing here is refused by the browser's preflight from a CORS origin, so every call fails:
 * add it here, never in the client alone (client/src/lib/http.test.ts checks what the layer sends).
 */
export const RequestHeader = {
  accept: 'Accept',
  contentType: 'Content-Type',
  /** The player's language: the envelope's `msg` comes translated (spec section 9). */
  language: 'language',
  /** The app version (client/src/lib/device.ts APP_VERSION). */
  version: 'version',
  /** The native wrapper's versionCode inside the app, the web build's outside; empty when unknown. */
  versionCode: 'versionCode',
  deviceId: 'deviceId',
  /** `H5` or `APP_H5`: mutating `/api` calls need it (server/src/plugins/envelope.ts, CSRF). */
  requestFrom: 'requestFrom',
  /** A money POST's submission key (shared/contract/define.ts `idempotent`, docs/money.md). */
  idempotencyKey: 'Idempotency-Key',
  /** The back office's `Bearer <ADMIN_TOKEN>` on `/ops`. */
  authorization: 'authorization',
  /** The back office's operator name, kept in the audit trail (shared/contract/ops-audit.ts). */
  operator: 'x-operator',
} as const;

export type RequestHeaderName = (typeof RequestHeader)[keyof typeof RequestHeader];

/** Every request header a client of this server sends: what a CORS preflight must allow. */
export const CLIENT_REQUEST_HEADERS: readonly RequestHeaderName[] = Object.values(RequestHeader);

/** Answer headers meant for the clients: a client on another origin may read them too (CORS exposed headers). */
export const ResponseHeader = {
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  idempotentReplayed: 'Idempotent-Replayed',
} as const;

export const CLIENT_READ_RESPONSE_HEADERS: readonly string[] = Object.values(ResponseHeader);
