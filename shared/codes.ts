/**
 * The result-code catalogue: one place for every code an envelope can carry.
 * Clients branch on the code, never on the message text. Messages live in ./messages.ts.
 *
 * Ranges: 0 ok · 1xxxx transport and validation · 2xxxx accounts and sessions · 3xxxx operator API
 * · 4xxxx money · 5xxxx games · 6xxxx rewards and inbox.
 */
export const Code = {
  OK: 0,

  VALIDATION: 10001,
  MALFORMED_JSON: 10002,
  BODY_TOO_LARGE: 10003,
  NOT_FOUND: 10004,
  INTERNAL: 10005,
  RATE_LIMITED: 10006,
  MISSING_REQUEST_FROM: 10007,
  UNSUPPORTED_MEDIA_TYPE: 10008,
  BAD_REQUEST: 10009,

  LOGIN_FAILED: 20001,
  SESSION_INVALID: 20002,
  USERNAME_TAKEN: 20003,
  PHONE_TAKEN: 20004,
  TERMS_NOT_ACCEPTED: 20005,
  INVITE_CODE_INVALID: 20006,
  SUPERIOR_ALREADY_BOUND: 20007,
  SMS_CODE_INVALID: 20008,
  SMS_COOLDOWN: 20009,
  OLD_PASSWORD_WRONG: 20010,
  TRADE_PASSWORD_NOT_SET: 20011,
  ACCOUNT_SUSPENDED: 20012,
  PHONE_NOT_REGISTERED: 20013,
  SUPERIOR_INVALID: 20014,
  GUEST_NOT_ALLOWED: 20015,
  PHONE_NOT_BOUND: 20016,
  AVATAR_UNKNOWN: 20017,
  ACCOUNT_LOCKED: 20018,
  SAME_PASSWORD: 20019,

  OPS_UNAUTHORIZED: 30001,
  OPS_NOT_FOUND: 30002,
  OPS_BAD_DURATION: 30003,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];
