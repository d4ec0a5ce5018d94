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

  INSUFFICIENT_BALANCE: 40001,
  AMOUNT_INVALID: 40002,
  CHANNEL_DISABLED: 40003,
  AMOUNT_OUT_OF_RANGE: 40004,
  FIRST_DEPOSIT_MIN: 40005,
  COUPON_INVALID: 40006,
  ORDER_NOT_FOUND: 40007,
  SIGNATURE_INVALID: 40008,
  CALLBACK_AMOUNT_MISMATCH: 40009,
  WALLET_ALREADY_BOUND: 40010,
  WALLET_NOT_BOUND: 40011,
  TRADE_PASSWORD_WRONG: 40012,
  KYC_REQUIRED: 40013,
  WITHDRAW_MIN: 40014,
  WITHDRAW_LIMIT: 40015,
  WITHDRAW_COUNT: 40016,
  TURNOVER_OWED: 40017,
  CAPTCHA_INVALID: 40018,
  TRANSITION_INVALID: 40019,
  KYC_ALREADY_SUBMITTED: 40020,
  ACCOUNT_RESTRICTED: 40021,
  UNDERAGE: 40022,
  PAYMENT_CANCELLED: 40023,
  WALLET_IN_USE: 40024,

  GAME_NOT_FOUND: 50001,
  GAME_NOT_PLAYABLE: 50002,
  GAME_TOKEN_INVALID: 50003,
  GAME_TOKEN_EXPIRED: 50004,
  TRANSACTION_UNKNOWN: 50005,
  ROUND_SETTLED: 50006,
  TRANSACTION_CONFLICT: 50007,
  BET_INVALID: 50008,

  // Rewards and inbox. Sub-ranges: 600xx common, 601xx VIP/friends/ranking, 602xx poker/codes/mall,
  // 603xx inbox/tasks/bonuses.
  REWARD_ALREADY_CLAIMED: 60001,
  NOTHING_TO_CLAIM: 60002,
  SIGN_IN_NOT_ARRIVED: 60003,

  // --- 601xx VIP, friends, invite ranking ---

  // --- end 601xx ---

  // --- 602xx poker, redemption codes, mall ---

  // --- end 602xx ---

  // --- 603xx inbox, tasks, daily bonuses ---

  // --- end 603xx ---

  // --- 3xx1x operator tooling (scenarios, faults, snapshots) use 300xx above 30003 ---

  // --- end tooling ---
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];
