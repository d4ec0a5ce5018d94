import { Code } from '../../../../shared/codes';
import { may, mayGrant, PERMISSIONS, type Permission, type Role } from '../../../../shared/roles';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { matchStep, newTotpSecret, otpauthUri } from '../../lib/totp';
import type { OperatorActor, OperatorSessionService } from '../../plugins/operator-session';
import { AttemptGate, type Limiter } from '../../plugins/rate-limit';
import { burnPasswordCheck, hashPassword, PASSWORD_FAILURES, verifyPassword } from '../user/password';
import { createOperatorRepo, type OperatorRow } from './repo';
import { DEV_OPERATOR_HASH, DEV_OPERATORS } from './seed';

/** What authenticator apps show above the code. */
const ISSUER = 'Casino back office';
/** Sign-in attempts per address, whatever the names tried (spraying one password over many names). */
const LOGIN_ATTEMPTS_PER_ADDRESS = { limit: 30, windowMs: 15 * 60_000 };
const lockKey = (name: string) => `ops-login:${name.toLowerCase()}`;

const view = (row: OperatorRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
  disabled: row.disabled !== 0,
  enrolled: row.totp_enrolled !== 0,
  createdAt: row.created_at,
  lastLoginAt: row.last_login_at,
});

const enrolment = (row: Pick<OperatorRow, 'name' | 'totp_secret'>) => ({
  secret: row.totp_secret,
  uri: otpauthUri(ISSUER, row.name, row.totp_secret),
});

/**
 * Operator accounts (issue 29 item 1): sign-in with an argon2id password and a TOTP code (RFC 6238), the
 * first one enrolling the authenticator; lock-out after 5 failures in 15 minutes per name (the same rule
 * as players' passwords, through the same AttemptGate: parallel guesses cannot get past it), 30 per address;
 * the admins' management, each change that takes rights away ending the operator's sessions at once.
 */
/** Who changes an account over /ops; none: a trusted caller (the `npm run ops` CLI, tests). */
type Granter = { service: boolean };

/**
 * The tester role is granted only by the service account (ADMIN_TOKEN) or the CLI: an admin who could create a
 * tester, or reset a tester's password or 2FA (and so learn them), could sign in as one and wipe the database
 * or move the clock, which the role matrix keeps from admins (shared/roles.ts).
 */
function assertMayGrant(actor: Granter | undefined, role: Role) {
  if (actor && !mayGrant(actor, role)) throw new AppError(Code.OPS_FORBIDDEN);
}

export function createOperatorService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  limiter: Limiter;
  sessions: OperatorSessionService;
}) {
  const { db, clock, limiter, sessions } = deps;
  const repo = createOperatorRepo(db);
  const gate = new AttemptGate(limiter, PASSWORD_FAILURES);

  const mustGet = async (id: number) => {
    const row = await repo.byId(id);
    if (!row) throw new AppError(Code.OPS_NOT_FOUND);
    return row;
  };

  const me = (actor: Pick<OperatorActor, 'name' | 'role' | 'service'>) => ({
    name: actor.name,
    role: actor.role,
    service: actor.service,
    permissions: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => actor.service || may(actor.role, p)),
    testerTools: deps.config.testerTools,
  });

  /** The last enabled admin keeps its role and stays enabled: nobody could manage operators after it. */
  async function assertNotLastAdmin(row: OperatorRow, next: { role: Role; disabled: boolean }) {
    const losesAdmin = row.role === 'admin' && row.disabled === 0 && (next.role !== 'admin' || next.disabled);
    if (losesAdmin && (await repo.activeAdmins()) <= 1) throw new AppError(Code.OPS_LAST_ADMIN);
  }

  return {
    me,

    /**
     * Checks name, password and code. An account not enrolled yet answers its enrolment when no code is
     * given; a valid code enrols it. Every failure is the same OPS_LOGIN_FAILED and counts toward the
     * lock-out (OPS_LOGIN_LOCKED): unknown name, disabled, wrong password, missing, wrong or replayed code.
     */
    async login(input: { name: string; password: string; totp?: string | undefined }, ip: string) {
      try {
        await limiter.consume(`ops-login:ip:${ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
      } catch (error) {
        if (error instanceof AppError) throw new AppError(Code.OPS_LOGIN_LOCKED, { params: error.params });
        throw error;
      }
      const key = lockKey(input.name);
      const fail = async (): Promise<never> => {
        await limiter.record(key, PASSWORD_FAILURES);
        throw new AppError(Code.OPS_LOGIN_FAILED);
      };
      try {
        return await gate.guard(key, async () => {
          const row = await repo.byName(input.name);
          const passwordOk = row
            ? await verifyPassword(row.password_hash, input.password)
            : await burnPasswordCheck(input.password).then(() => false);
          if (!row || !passwordOk || row.disabled !== 0) return fail();
          if (row.totp_enrolled === 0 && input.totp === undefined) {
            return { operator: null, enrol: enrolment(row), row: null };
          }
          const step = input.totp === undefined ? null : matchStep(row.totp_secret, input.totp, clock.nowMs());
          if (step === null || !(await repo.claimStep(row.id, step, clock.iso()))) return fail();
          await limiter.reset(key);
          return { operator: me({ name: row.name, role: row.role, service: false }), enrol: null, row };
        });
      } catch (error) {
        if (error instanceof AppError && error.code === Code.ACCOUNT_LOCKED)
          throw new AppError(Code.OPS_LOGIN_LOCKED, { params: error.params });
        throw error;
      }
    },

    /** A session for an operator who just signed in. */
    startSession: (row: OperatorRow, ip: string) => sessions.start(row.id, row.auth_version, ip),

    list: async () => (await repo.all()).map(view),

    async create(input: { name: string; role: Role; password: string }, actor?: Granter) {
      assertMayGrant(actor, input.role);
      const passwordHash = await hashPassword(input.password);
      const secret = newTotpSecret();
      const id = await db.transaction(() =>
        repo.insert({ ...input, passwordHash, totpSecret: secret, enrolled: 0, now: clock.iso() }),
      )();
      if (id === null) throw new AppError(Code.OPERATOR_EXISTS);
      const row = await mustGet(id);
      return { operator: view(row), enrol: enrolment(row) };
    },

    async update(id: number, input: { role?: Role | undefined; disabled?: boolean | undefined }, actor?: Granter) {
      const row = await mustGet(id);
      if (input.role !== undefined && input.role !== row.role) assertMayGrant(actor, input.role);
      const next = { role: input.role ?? row.role, disabled: input.disabled ?? row.disabled !== 0 };
      await assertNotLastAdmin(row, next);
      await db.transaction(() => repo.setRoleDisabled(id, next.role, next.disabled ? 1 : 0))();
      // A role taken away or a disable counts at the next request anyway (sessions are read with their
      // operator); ending the sessions also makes the disable show in the list of sessions.
      if (next.disabled) await sessions.revokeAllOf(id, 'operator disabled');
      return view(await mustGet(id));
    },

    async resetPassword(id: number, password: string, actor?: Granter) {
      assertMayGrant(actor, (await mustGet(id)).role);
      const passwordHash = await hashPassword(password);
      await db.transaction(() => repo.setPassword(id, passwordHash))();
      await sessions.revokeAllOf(id, 'password reset');
      return view(await mustGet(id));
    },

    async resetTotp(id: number, actor?: Granter) {
      assertMayGrant(actor, (await mustGet(id)).role);
      await db.transaction(() => repo.setTotp(id, newTotpSecret()))();
      await sessions.revokeAllOf(id, '2FA reset');
      const row = await mustGet(id);
      return { operator: view(row), enrol: enrolment(row) };
    },

    /** TESTER_TOOLS=off: the seeded dev accounts still on their documented password are disabled. */
    async disableDevAccounts() {
      for (const { name } of DEV_OPERATORS) {
        await db.transaction(() => repo.disableNamed(name, DEV_OPERATOR_HASH))();
        const row = await repo.byName(name);
        if (row) await sessions.revokeAllOf(row.id, 'TESTER_TOOLS=off');
      }
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
