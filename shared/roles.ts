/**
 * Operator roles and what each may do: the one matrix of the back office (issue 29 item 1). Every /ops
 * endpoint of the contract names one permission (`permission` in shared/contract/define.ts); the server
 * refuses an operator whose role is not listed for it (server/src/route.ts), and the back office hides what
 * the role cannot do. The service account (ADMIN_TOKEN, for scripts and CI) may do everything.
 *
 * Tester tools (scenarios, reset, clock, faults, snapshots, the request log, stubs such as the SMS and
 * captcha peeks) belong to the tester role only: an admin who moves money cannot also wipe the database or
 * move the clock. TESTER_TOOLS=off switches every one of them off, for every caller.
 */
export const ROLES = ['support', 'cashier', 'risk', 'admin', 'tester'] as const;
export type Role = (typeof ROLES)[number];

const everyone = ['support', 'cashier', 'risk', 'admin', 'tester'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** One's own session: who am I, sign out. */
  self: everyone,
  /** Dashboard, player search and details, sessions list, VIP cards. */
  'players.read': everyone,
  /**
   * Full phone and e-wallet numbers (GET /ops/users, the withdrawal lists): the roles that reach or pay a
   * player. A tester reads the last 4 characters, as the snapshot download it takes masks them.
   */
  'players.contact': ['support', 'cashier', 'risk', 'admin'],
  /** Suspend or reactivate a player, end their sessions. */
  'players.status': ['support', 'risk', 'admin'],
  /** Adjust a balance by hand (credit or debit with a reason). */
  'money.adjust': ['admin'],
  /** Deposits, withdrawals, channels and limits as lists. */
  'money.read': ['support', 'cashier', 'risk', 'admin', 'tester'],
  /** Credit a deposit by hand (settle), approve, reject and pay out withdrawals. */
  'money.cashier': ['cashier', 'admin'],
  /** A player's journal and the ledger's check. */
  'ledger.read': ['cashier', 'risk', 'admin', 'tester'],
  /** Payment channels, withdrawal settings and per-level limits. */
  'money.settings': ['admin'],
  /** The KYC queue. */
  'kyc.read': ['support', 'risk', 'admin', 'tester'],
  /** The KYC photos themselves (ID front and back, selfie): personal data, not for cashiers or testers. */
  'kyc.documents': ['support', 'risk', 'admin'],
  /** KYC decisions. */
  'kyc.decide': ['risk', 'admin'],
  /**
   * Full ID numbers in the KYC answers (GET /ops/kyc, a decision's answer): the reviewers who decide and
   * check the number against the photo. Everyone else reads the last 4 characters only, as the player does.
   */
  'kyc.idNumbers': ['risk', 'admin'],
  /** Responsible-gaming view and breaks set by support. */
  'responsible.read': ['support', 'risk', 'admin', 'tester'],
  'responsible.write': ['support', 'risk', 'admin'],
  /** Live chat with players. */
  chat: ['support', 'admin'],
  /** Inbox letters and pushes. */
  'inbox.read': ['support', 'risk', 'admin', 'tester'],
  'inbox.send': ['support', 'admin'],
  /** Redemption codes. */
  'codes.read': ['support', 'risk', 'admin', 'tester'],
  'codes.write': ['admin'],
  /** A player's linked accounts, flags and notes; the risk settings. */
  'risk.read': ['risk', 'admin'],
  /** Flag a player or clear a flag (fraud holds withdrawals), add a note. */
  'risk.write': ['risk', 'admin'],
  /** Whether a sign-up needs an SMS code. */
  'risk.settings': ['admin'],
  /** The audit trail. */
  'audit.read': ['risk', 'admin'],
  /** Operator accounts: create, role, disable, reset password or 2FA. */
  'operators.manage': ['admin'],
  /** Tester tools: scenarios, snapshots, clock, faults, request log, socket pushes, SMS and captcha peeks. */
  'tester.tools': ['tester'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role may use a permission. */
export const may = (role: Role, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly Role[]).includes(role);

/** The permission of every tester tool: TESTER_TOOLS=off answers OPS_TESTER_TOOLS_OFF on all of them. */
export const TESTER_PERMISSION: Permission = 'tester.tools';

/**
 * Whether an operator may grant a role: give it to an account, or reset the password or 2FA of an account
 * that has it. The tester role only by the service account (ADMIN_TOKEN) or the CLI: an admin who could make
 * a tester, or learn a tester's sign-in, could wipe the database or move the clock, which this matrix keeps
 * from admins. The server enforces it (domains/operator/service.ts); the back office offers only these.
 */
export const mayGrant = (granter: { service: boolean }, role: Role): boolean => granter.service || role !== 'tester';

/** The roles an operator may grant (mayGrant), in the order of ROLES. */
export const grantableRoles = (granter: { service: boolean }): Role[] => ROLES.filter((r) => mayGrant(granter, r));
