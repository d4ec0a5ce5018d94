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
  SERVICE_UNAVAILABLE: 10010,
  /** An Idempotency-Key already used by this player with another body or on another endpoint. */
  IDEMPOTENCY_KEY_REUSED: 10011,
  /** An Idempotency-Key whose first request is still running. */
  IDEMPOTENCY_IN_PROGRESS: 10012,

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
  /** Responsible gaming: a cool-off or self-exclusion is running (deposits, games and bets refused). */
  PLAY_PAUSED: 20020,
  /** Responsible gaming: a break is running that the asked one would shorten. */
  BREAK_RUNNING: 20021,
  /** A guest sign-up sent by an account that is already registered. */
  ALREADY_REGISTERED: 20041,

  OPS_UNAUTHORIZED: 30001,
  OPS_NOT_FOUND: 30002,
  OPS_BAD_DURATION: 30003,
  /** The operator's role may not take this action (shared/roles.ts). */
  OPS_FORBIDDEN: 30050,
  /** TESTER_TOOLS=off: every tester tool is switched off on this server. */
  OPS_TESTER_TOOLS_OFF: 30051,
  /** Operator sign-in: the name, password or 2FA code is wrong (one answer for all three). */
  OPS_LOGIN_FAILED: 30052,
  /** Operator sign-in: too many failures; the account is locked for a while. */
  OPS_LOGIN_LOCKED: 30053,
  /** An operator account with this name exists already. */
  OPERATOR_EXISTS: 30054,
  /** The last active admin cannot be disabled or given another role. */
  OPS_LAST_ADMIN: 30055,
  /** An operator's cookie session on a mutating /ops call without the back office's requestFrom header (CSRF). */
  OPS_CSRF: 30056,
  /** A money or status action from the back office without a typed reason. */
  OPS_REASON_REQUIRED: 30057,

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
  /** Responsible gaming: the deposit would go over one of the player's deposit limits. */
  DEPOSIT_LIMIT_REACHED: 40025,
  DEPOSIT_NOT_PENDING: 40061,
  BONUS_LOCKED: 40080,
  /** KYC documents: the bytes are not a JPEG, PNG or WebP image (whatever the name or declared type says). */
  KYC_DOCUMENT_TYPE: 40090,
  /** KYC documents: the image is over the size limit (KYC_DOCUMENT_MAX_BYTES). */
  KYC_DOCUMENT_TOO_LARGE: 40091,
  /** KYC: submitting for review before the ID front, ID back and selfie are all uploaded. */
  KYC_DOCUMENTS_MISSING: 40092,
  /** KYC documents: no upload while the submission is waiting for review or after it was verified. */
  KYC_DOCUMENTS_LOCKED: 40093,
  /** The full name cannot be changed once the identity is verified. */
  KYC_NAME_LOCKED: 40094,

  /** Risk (issue 29 item 4): a player flagged `fraud` by an operator cannot withdraw until it is cleared. */
  WITHDRAW_BLOCKED_FLAG: 40101,
  /** An operator sets a flag the player already has in force. */
  RISK_FLAG_SET_ALREADY: 40102,
  /** An operator clears a flag the player does not have in force. */
  RISK_FLAG_NOT_SET: 40103,

  GAME_NOT_FOUND: 50001,
  GAME_NOT_PLAYABLE: 50002,
  GAME_TOKEN_INVALID: 50003,
  GAME_TOKEN_EXPIRED: 50004,
  TRANSACTION_UNKNOWN: 50005,
  ROUND_SETTLED: 50006,
  TRANSACTION_CONFLICT: 50007,
  BET_INVALID: 50008,
  GAME_ACTION_INVALID: 50009,
  ROUND_NOT_VERIFIABLE: 50010,
  SEEDS_IN_USE: 50011,
  /** Responsible gaming: the stake would take the period's wagered amount over the player's wager limit. */
  WAGER_LIMIT_REACHED: 50012,
  /** Responsible gaming: the stake could take the period's net loss over the player's loss limit. */
  LOSS_LIMIT_REACHED: 50013,

  // Rewards and inbox. Sub-ranges: 600xx common, 601xx VIP/friends/ranking, 602xx poker/codes/mall,
  // 603xx inbox/tasks/bonuses.
  REWARD_ALREADY_CLAIMED: 60001,
  NOTHING_TO_CLAIM: 60002,
  SIGN_IN_NOT_ARRIVED: 60003,

  // --- 601xx VIP, friends, invite ranking ---
  RANKING_PERIOD_RUNNING: 60101,
  RANKING_PERIOD_UNKNOWN: 60102,

  // --- end 601xx ---

  // --- 602xx poker, redemption codes, mall ---
  POKER_NO_CHANCE: 60201,
  CODE_INVALID: 60202,
  CODE_ALREADY_USED: 60203,
  CODE_EXHAUSTED: 60204,
  CODE_EXPIRED: 60205,
  CODE_VIP_TOO_LOW: 60206,
  CODE_EXISTS: 60207,
  COUPON_TEMPLATE_UNKNOWN: 60208,
  MALL_ITEM_NOT_FOUND: 60209,
  MALL_OUT_OF_STOCK: 60210,
  MALL_LIMIT_REACHED: 60211,
  MALL_POINTS_LOW: 60212,
  MALL_VIP_TOO_LOW: 60213,

  // --- end 602xx ---

  // --- 603xx inbox, tasks, daily bonuses ---
  LETTER_NOT_FOUND: 60301,
  LETTER_REWARD_UNCLAIMED: 60302,
  TASK_NOT_FOUND: 60303,
  TASK_NOT_DONE: 60304,
  SIGN_IN_DEPOSIT_REQUIRED: 60305,
  DAILY_DEPOSIT_NOT_REACHED: 60306,
  RETURN_GIFT_NOT_ELIGIBLE: 60307,
  LETTER_REWARD_INVALID: 60308,

  // --- end 603xx ---

  // --- 6041x live chat ---
  CHAT_NOT_FOUND: 60411,
  CHAT_CLOSED: 60412,

  // --- end live chat ---

  // --- 605xx the provider's shared crash rounds (60501-60509) ---
  /** A cash-out while the shared crash round is not flying (bets still open, or below 1.01x). */
  CRASH_NOT_FLYING: 60501,
  /** A cash-out that reached the server after the round crashed: the bet is lost. */
  CRASH_TOO_LATE: 60502,
  /** A cash-out from a player with no bet in the round. */
  CRASH_NO_BET: 60503,

  // --- end crash ---
  // --- 6052x the provider's fishing pond (issue 28 item 3) ---
  /** The shot's fish is not in the shared pond now (it left, never came, or the id is made up). */
  FISH_NOT_IN_POND: 60521,
  /** The cannon's level is not one of the title's bet levels. */
  FISH_LEVEL_INVALID: 60522,
  /** The player's last shot has not been settled yet (one shot in flight per player). */
  FISH_SHOT_IN_FLIGHT: 60523,
  /** This shot id was already fired: a replayed request fires nothing. */
  FISH_SHOT_REPLAYED: 60524,
  // --- end fishing pond ---

  // --- 3xx1x operator tooling (scenarios, faults, snapshots) use 300xx above 30003 ---
  SCENARIO_UNKNOWN: 30004,
  SNAPSHOT_NOT_FOUND: 30005,
  SNAPSHOT_INCOMPATIBLE: 30006,
  FAULT_NOT_FOUND: 30007,
  FAULT_CODE_UNKNOWN: 30008,
  SCENARIO_FAILED: 30009,
  REQUEST_LOG_OFF: 30010,
  SNAPSHOT_FILE_INVALID: 30031,
  HAR_INVALID: 30032,
  SNAPSHOT_TOO_LARGE: 30033,
  SNAPSHOT_FILE_UNSUPPORTED: 30041,
  STUB_NOT_FOUND: 30060,
  REQUEST_COUNT_MISMATCH: 30061,
  SNAPSHOT_FULL_FORBIDDEN: 30062,
  CALLBACK_NOT_ABANDONED: 30063,

  // --- end tooling ---
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];
