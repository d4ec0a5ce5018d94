import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { modifyUser, register, UserInfo, userBaseSchema } from '../../../../shared/contract/user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import { AttemptGate, type Limiter } from '../../plugins/rate-limit';
import type { SessionUser } from '../../types';
import { avatarUrl, DEFAULT_AVATAR, isAvatar } from './avatars';
import {
  burnPasswordCheck,
  hashPassword,
  loginLockKey,
  PASSWORD_FAILURES,
  tradeLockKey,
  verifyPassword,
} from './password';
import { createUserRepo, type ProfileChanges, type UserInfoRow, type UserRow } from './repo';
import { SMS_NOTICE, type SmsService } from './sms.service';

const LOGIN_ATTEMPTS_PER_ADDRESS = { limit: 30, windowMs: 15 * 60_000 };
const REGISTRATIONS_PER_ADDRESS = { limit: 10, windowMs: 3_600_000 };
const GUESTS_PER_ADDRESS = { limit: 10, windowMs: 3_600_000 };
const FLAG_CHECKS_PER_ADDRESS = { limit: 60, windowMs: 60_000 };
const RESETS_PER_ADDRESS = { limit: 20, windowMs: 15 * 60_000 };
/**
 * Numbers a player may try to bind in an hour, and from one address: counted before the "already
 * registered" check, so the bind route cannot be used to find which numbers have accounts (300 probed in
 * 0.6 s before, issue 26).
 */
const BIND_PROBES_PER_ACCOUNT = { limit: 10, windowMs: 3_600_000 };
const BIND_PROBES_PER_ADDRESS = { limit: 20, windowMs: 3_600_000 };

/** No 0/O or 1/I: codes are read aloud and typed on phones. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Uids 10000000 to 10009999 are the scenarios' (server/src/domains/tooling/scenarios, fixed per persona so scripts can hard-code
 * them); a real registration or a guest picks a random unused uid above them, so it never takes one.
 */
export const SCENARIO_UIDS = { from: 10_000_000, to: 10_010_000 } as const;
const UID_END = 100_000_000;

/** A scenario player's invitation code: its uid in the code alphabet, as fixed as the uid. */
export function scenarioInvitationCode(uid: number): string {
  let code = '';
  for (let rest = uid; code.length < 8; rest = Math.floor(rest / CODE_ALPHABET.length)) {
    code = CODE_ALPHABET[rest % CODE_ALPHABET.length] + code;
  }
  return code;
}

export interface RequestMeta {
  ip: string;
  deviceId: string;
}

export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 1)}*****${phone.slice(-4)}` : '');

export function toUserInfo(row: UserRow): UserInfo {
  return infoOf({
    ...row,
    no_trade_password: row.trade_password_hash === null ? 1 : 0,
    signed_up: row.sign_up_bonus_at !== null ? 1 : 0,
  });
}

function infoOf(row: UserInfoRow): UserInfo {
  return {
    uid: row.uid,
    username: row.username,
    nickname: row.nickname,
    gender: row.gender,
    phone: maskPhone(row.phone),
    avatar: avatarUrl(row.avatar),
    invitationCode: row.invitation_code,
    vip: row.vip_level,
    bind: row.has_wallet === 1,
    isNullPasswordTrade: row.no_trade_password === 1,
    hasSignUp: row.signed_up === 1,
    registrationCode: row.registration_code,
    guest: row.guest === 1,
  };
}

export function createUserService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  limiter: Limiter;
  events: EventBus;
  sms: SmsService;
  revokeSessions: (userId: number, reason: string, exceptSessionId?: number) => Promise<void>;
  configValue: (key: string) => Promise<string>;
  /** Whether the player's identity is verified (the KYC domain registers after this one: at call time). */
  identityVerified?: (userId: number) => Promise<boolean>;
  /** Whether a sign-up needs the code texted to its phone (the risk domain's signUpSmsCode setting). */
  signUpSmsCode: () => Promise<boolean>;
}) {
  const { db, clock, limiter, sms } = deps;
  const repo = createUserRepo(db);
  const loginGate = new AttemptGate(limiter, PASSWORD_FAILURES);
  /** The transaction password's gate; its places are in the limiter's store, shared with the withdrawal's. */
  const tradeGate = new AttemptGate(limiter, PASSWORD_FAILURES);

  const mustGet = async (id: number) => {
    const row = await repo.byId(id);
    if (!row) throw new AppError(Code.SESSION_INVALID);
    return row;
  };

  const unique = async <T extends string | number>(make: () => T, exists: (value: T) => Promise<boolean>) => {
    for (;;) {
      const value = make();
      if (!(await exists(value))) return value;
    }
  };
  const newUid = () => unique(() => randomInt(SCENARIO_UIDS.to, UID_END), repo.uidExists);
  /** A scenario's fixed uid: in the scenarios' range and not taken (a scenario's mistake otherwise). */
  const fixedUid = async (uid: number) => {
    if (!Number.isInteger(uid) || uid < SCENARIO_UIDS.from || uid >= SCENARIO_UIDS.to) {
      throw new Error(`uid ${uid} is outside the scenarios' range ${SCENARIO_UIDS.from}-${SCENARIO_UIDS.to - 1}`);
    }
    if (await repo.uidExists(uid)) throw new Error(`uid ${uid} is taken`);
    return uid;
  };
  const newInvitationCode = () =>
    unique(
      () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
      repo.invitationCodeExists,
    );

  function assertActive(row: Pick<UserRow, 'status'>) {
    if (row.status !== 'active') throw new AppError(Code.ACCOUNT_SUSPENDED);
  }

  function assertNotGuest(user: SessionUser) {
    if (user.guest) throw new AppError(Code.GUEST_NOT_ALLOWED);
  }

  /**
   * The sign-up's SMS code: checked against the latest 'register' code sent to the phone being registered
   * (wrong, used, expired, out of tries or another number's: SMS_CODE_INVALID, a wrong one counts a try),
   * answering a claim to run inside the account's transaction, so of two sign-ups with one code (two tabs)
   * only one commits. No claim when an operator turned the setting off.
   */
  async function signUpCode(phone: string, code: string | undefined): Promise<() => Promise<void>> {
    if (!(await deps.signUpSmsCode())) return async () => {};
    if (code === undefined) throw new AppError(Code.SMS_CODE_INVALID);
    const id = await sms.check(phone, 'register', code);
    return () => sms.claim(id);
  }

  /** True when `candidate` is `userId` or sits below it in the referral tree. */
  async function isSelfOrDescendant(candidateId: number, userId: number): Promise<boolean> {
    for (let id: number | null = candidateId, depth = 0; id !== null && depth < 10_000; depth++) {
      if (id === userId) return true;
      id = await repo.superiorOf(id);
    }
    return false;
  }

  return {
    async info(userId: number): Promise<UserInfo> {
      const row = await repo.infoById(userId);
      if (!row) throw new AppError(Code.SESSION_INVALID);
      return infoOf(row);
    },

    async base(userId: number): Promise<z.infer<typeof userBaseSchema>> {
      const row = await mustGet(userId);
      return {
        uid: row.uid,
        username: row.username,
        nickname: row.nickname,
        gender: row.gender,
        avatar: avatarUrl(row.avatar),
        phone: maskPhone(row.phone),
        realName: row.real_name,
        realNameLocked: (await deps.identityVerified?.(userId)) ?? false,
        birthDate: row.birth_date,
        email: row.email,
        registeredAt: row.created_at,
        termsAcceptedAt: row.terms_accepted_at,
      };
    },

    async registerFlag(input: { username?: string; phone?: string }, meta: RequestMeta) {
      await limiter.consume(`flag:ip:${meta.ip}`, FLAG_CHECKS_PER_ADDRESS);
      return {
        usernameTaken: input.username !== undefined && (await repo.usernameExists(input.username)),
        phoneTaken: input.phone !== undefined && (await repo.phoneExists(input.phone)),
      };
    },

    /** `fixed.uid`: a scenario's player, with that uid (see SCENARIO_UIDS) and an invitation code made from it. */
    async register(input: z.output<typeof register.body>, meta: RequestMeta, fixed?: { uid: number }): Promise<number> {
      await limiter.consume(`register:ip:${meta.ip}`, REGISTRATIONS_PER_ADDRESS);
      // A scenario's player (fixed uid) is made by a tester's tool through the services: no phone to text.
      const claimCode = fixed ? async () => {} : await signUpCode(input.phone, input.smsCode);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async () => {
        if (await repo.usernameExists(input.username)) throw new AppError(Code.USERNAME_TAKEN);
        if (await repo.phoneExists(input.phone)) throw new AppError(Code.PHONE_TAKEN);
        const superior = input.inviteCode ? await repo.byInvitationCode(input.inviteCode) : undefined;
        if (input.inviteCode && !superior) throw new AppError(Code.INVITE_CODE_INVALID);
        await claimCode();
        const now = clock.iso();
        const uid = fixed ? await fixedUid(fixed.uid) : await newUid();
        return repo.insert({
          uid,
          username: input.username,
          phone: input.phone,
          passwordHash,
          nickname: input.username,
          avatar: DEFAULT_AVATAR,
          invitationCode: fixed ? scenarioInvitationCode(uid) : await newInvitationCode(),
          superiorId: superior?.id ?? null,
          registrationCode: superior?.invitation_code ?? '',
          guest: 0,
          termsAcceptedAt: now,
          ip: meta.ip,
          deviceId: meta.deviceId.slice(0, 128),
          now,
        });
      })();
      const row = await mustGet(userId);
      deps.events.emit('user.registered', { userId, uid: row.uid });
      return userId;
    },

    /**
     * A guest signs up: the same account (id, uid, balance, records) gets a username, password and phone,
     * as a registration would, and is no longer a guest. Announced as `user.registered` again (the welcome
     * coupon, letter and sign-up pixel that a guest does not get).
     */
    async signUpGuest(user: SessionUser, input: z.output<typeof register.body>, meta: RequestMeta): Promise<void> {
      await limiter.consume(`register:ip:${meta.ip}`, REGISTRATIONS_PER_ADDRESS);
      if ((await mustGet(user.id)).guest !== 1) throw new AppError(Code.ALREADY_REGISTERED);
      const claimCode = await signUpCode(input.phone, input.smsCode);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async () => {
        if (await repo.usernameExists(input.username)) throw new AppError(Code.USERNAME_TAKEN);
        if (await repo.phoneExists(input.phone)) throw new AppError(Code.PHONE_TAKEN);
        const superior = input.inviteCode ? await repo.byInvitationCode(input.inviteCode) : undefined;
        if (input.inviteCode && !superior) throw new AppError(Code.INVITE_CODE_INVALID);
        if (superior && (await isSelfOrDescendant(superior.id, user.id))) throw new AppError(Code.SUPERIOR_INVALID);
        await claimCode();
        const changed = await repo.signUpGuest(user.id, {
          username: input.username,
          phone: input.phone,
          passwordHash,
          superiorId: superior?.id ?? null,
          registrationCode: superior?.invitation_code ?? '',
          now: clock.iso(),
        });
        if (!changed) throw new AppError(Code.ALREADY_REGISTERED);
      })();
      deps.events.emit('user.registered', { userId: user.id, uid: user.uid });
    },

    async guest(meta: RequestMeta): Promise<number> {
      await limiter.consume(`guest:ip:${meta.ip}`, GUESTS_PER_ADDRESS);
      const secret = await hashPassword(Array.from({ length: 32 }, () => randomInt(16).toString(16)).join(''));
      const userId = await db.transaction(async () => {
        const username = await unique(() => `guest${randomInt(10_000_000, 100_000_000)}`, repo.usernameExists);
        return repo.insert({
          uid: await newUid(),
          username,
          phone: null,
          passwordHash: secret,
          nickname: username,
          avatar: DEFAULT_AVATAR,
          invitationCode: await newInvitationCode(),
          superiorId: null,
          registrationCode: '',
          guest: 1,
          termsAcceptedAt: null,
          ip: meta.ip,
          deviceId: meta.deviceId.slice(0, 128),
          now: clock.iso(),
        });
      })();
      deps.events.emit('user.registered', { userId, uid: (await mustGet(userId)).uid });
      return userId;
    },

    /** Checks the credentials (username or phone) and returns the user id, with brute-force limits. */
    async login(input: { username: string; password: string }, meta: RequestMeta): Promise<number> {
      await limiter.consume(`login:ip:${meta.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
      // A username may be all digits too: a phone match wins, then the username.
      const row =
        (/^\d+$/.test(input.username) ? await repo.byPhone(input.username) : undefined) ??
        (await repo.byUsername(input.username));
      const accountKey = loginLockKey(row?.id ?? input.username.toLowerCase());
      // The guess takes its place before argon2 runs: parallel guesses cannot get past the lock-out.
      return loginGate.guard(accountKey, async () => {
        const ok =
          row && row.guest !== 1
            ? await verifyPassword(row.password_hash, input.password)
            : await burnPasswordCheck(input.password).then(() => false);
        if (!ok || !row) {
          await limiter.record(accountKey);
          throw new AppError(Code.LOGIN_FAILED);
        }
        assertActive(row);
        await limiter.reset(accountKey);
        return row.id;
      });
    },

    async modify(user: SessionUser, input: z.output<typeof modifyUser.body>) {
      if (input.avatar !== undefined && !isAvatar(input.avatar)) throw new AppError(Code.AVATAR_UNKNOWN);
      // The verified full name is locked: the same name again is no change, any other is refused. Checked in
      // the transaction that writes it: an approval landing between a check before it and the write would
      // otherwise be overwritten (two requests; on PostgreSQL the approval's write makes this one run again).
      const assertNameFree = async () => {
        if (
          input.realName !== undefined &&
          input.realName !== (await mustGet(user.id)).real_name &&
          (await deps.identityVerified?.(user.id))
        ) {
          throw new AppError(Code.KYC_NAME_LOCKED);
        }
      };
      const changes: ProfileChanges = {
        nickname: input.nickname,
        gender: input.gender,
        avatar: input.avatar,
        real_name: input.realName,
        birth_date: input.birthDate,
        email: input.email,
      };
      for (const key of Object.keys(changes) as (keyof ProfileChanges)[]) {
        if (changes[key] === undefined) delete changes[key];
      }
      if (input.phone !== undefined && input.smsCode !== undefined) {
        assertNotGuest(user);
        const phone = input.phone;
        // The code first: only whoever holds the phone learns that another account has it.
        await sms.consume(phone, 'bind', input.smsCode, async () => {
          await assertNameFree();
          await assertPhoneFree(user, phone);
          return repo.updateProfile(user.id, { ...changes, phone });
        });
      } else {
        await db.transaction(async () => {
          await assertNameFree();
          await repo.updateProfile(user.id, changes);
        })();
      }
      return toUserInfo(await mustGet(user.id));
    },

    async bindSuperior(user: SessionUser, inviteCode: string) {
      await db.transaction(async () => {
        const row = await mustGet(user.id);
        if (row.superior_id !== null) throw new AppError(Code.SUPERIOR_ALREADY_BOUND);
        const superior = await repo.byInvitationCode(inviteCode);
        if (!superior) throw new AppError(Code.INVITE_CODE_INVALID);
        if (await isSelfOrDescendant(superior.id, user.id)) throw new AppError(Code.SUPERIOR_INVALID);
        if (!(await repo.setSuperior(user.id, superior.id, superior.invitation_code, clock.iso()))) {
          throw new AppError(Code.SUPERIOR_ALREADY_BOUND);
        }
      })();
    },

    async sendBindSms(user: SessionUser, phone: string, meta: RequestMeta) {
      assertNotGuest(user);
      await limiter.consume(`bind:user:${user.id}`, BIND_PROBES_PER_ACCOUNT);
      await limiter.consume(`bind:ip:${meta.ip}`, BIND_PROBES_PER_ADDRESS);
      // Another account's number is answered as any other (no enumeration); its owner is told instead.
      const owner = await repo.byPhone(phone);
      const taken = owner !== undefined && owner.id !== user.id;
      return sms.send(phone, 'bind', user.id, meta.ip, { notice: taken ? SMS_NOTICE.taken : undefined });
    },

    /** The sign-up's code; a number that already has an account is sent a notice instead (no enumeration). */
    async sendRegisterSms(phone: string, meta: RequestMeta) {
      const taken = await repo.phoneExists(phone);
      return sms.send(phone, 'register', null, meta.ip, { notice: taken ? SMS_NOTICE.registered : undefined });
    },

    async sendResetLoginSms(phone: string, meta: RequestMeta) {
      await limiter.consume(`reset:ip:${meta.ip}`, RESETS_PER_ADDRESS);
      // A number with no account is answered as any other (no enumeration): it gets a notice, no code.
      const row = await repo.byPhone(phone);
      return sms.send(phone, 'resetLoginPwd', row?.id ?? null, meta.ip, {
        notice: row ? undefined : SMS_NOTICE.noAccount,
      });
    },

    async resetLoginPassword(input: { phone: string; code: string; password: string }, meta: RequestMeta) {
      await limiter.consume(`reset:ip:${meta.ip}`, RESETS_PER_ADDRESS);
      // Hashed first, whether or not the number has an account: the time of the answer tells nothing.
      const passwordHash = await hashPassword(input.password);
      const row = await repo.byPhone(input.phone);
      if (!row) throw new AppError(Code.SMS_CODE_INVALID);
      await sms.consume(input.phone, 'resetLoginPwd', input.code, () => repo.setPassword(row.id, passwordHash));
      await deps.revokeSessions(row.id, 'password reset');
      // The code proved the phone: the new password logs in at once, even after a login lock-out.
      await limiter.reset(loginLockKey(row.id));
    },

    async changeLoginPassword(user: SessionUser, oldPassword: string, newPassword: string) {
      assertNotGuest(user);
      const row = await mustGet(user.id);
      // The login's own counter and gate: a session cannot add guesses at the password to the login's five.
      const accountKey = loginLockKey(user.id);
      await loginGate.guard(accountKey, async () => {
        if (!(await verifyPassword(row.password_hash, oldPassword))) {
          await limiter.record(accountKey);
          throw new AppError(Code.OLD_PASSWORD_WRONG);
        }
        await limiter.reset(accountKey);
      });
      if (oldPassword === newPassword) throw new AppError(Code.SAME_PASSWORD);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(() => repo.setPassword(user.id, passwordHash))();
      await deps.revokeSessions(user.id, 'password changed', user.sessionId);
    },

    /** Sets the transaction password (no old one needed while none is set) or changes it. */
    async setTradePassword(user: SessionUser, oldPassword: string | undefined, newPassword: string) {
      assertNotGuest(user);
      const row = await mustGet(user.id);
      const isChange = row.trade_password_hash !== null;
      if (isChange) {
        // The same counter and gate as the withdrawal's check (withdraw/trade-password.ts): five guesses in
        // all, whichever route they come through.
        const tradeKey = tradeLockKey(user.id);
        await tradeGate.guard(tradeKey, async () => {
          if (!oldPassword || !(await verifyPassword(row.trade_password_hash as string, oldPassword))) {
            await limiter.record(tradeKey, PASSWORD_FAILURES);
            throw new AppError(Code.OLD_PASSWORD_WRONG);
          }
          await limiter.reset(tradeKey);
        });
      }
      const tradeHash = await hashPassword(newPassword);
      await db.transaction(() => repo.setTradePassword(user.id, tradeHash))();
      return isChange ? ('tradePasswordChanged' as const) : ('tradePasswordSet' as const);
    },

    async sendResetTradeSms(user: SessionUser, meta: RequestMeta) {
      assertNotGuest(user);
      const row = await mustGet(user.id);
      if (!row.phone) throw new AppError(Code.PHONE_NOT_BOUND);
      return sms.send(row.phone, 'resetTradePwd', user.id, meta.ip);
    },

    /** The withdrawal's code, to the bound number, good only in this session (withdraw/service.ts checks it). */
    async sendWithdrawSms(user: SessionUser, meta: RequestMeta) {
      assertNotGuest(user);
      const row = await mustGet(user.id);
      if (!row.phone) throw new AppError(Code.PHONE_NOT_BOUND);
      return sms.send(row.phone, 'withdraw', user.id, meta.ip, { sessionId: user.sessionId });
    },

    async resetTradePassword(user: SessionUser, code: string, password: string) {
      assertNotGuest(user);
      const row = await mustGet(user.id);
      if (!row.phone) throw new AppError(Code.PHONE_NOT_BOUND);
      const tradeHash = await hashPassword(password);
      await sms.consume(row.phone, 'resetTradePwd', code, () => repo.setTradePassword(user.id, tradeHash));
      // The code proved the phone: the new transaction password works at once, even after a lock-out.
      await limiter.reset(tradeLockKey(user.id));
    },

    async share(userId: number) {
      const code = (await mustGet(userId)).invitation_code;
      return { shareUrl: `${deps.config.publicUrl}/register?inviteCode=${code}`, invitationCode: code };
    },

    follow: () => deps.configValue('ps_facebook'),

    /** Whether the account is a guest (not signed up). */
    isGuest: async (userId: number) => (await repo.standing(userId))?.guest === 1,

    /** Throws unless the account may move money: a registered (not guest), active account. */
    async assertCanTransact(userId: number) {
      const row = await repo.standing(userId);
      if (!row) throw new AppError(Code.SESSION_INVALID);
      if (row.guest === 1) throw new AppError(Code.GUEST_NOT_ALLOWED);
      assertActive(row);
    },

    /** A player's row (undefined when there is none). */
    byId: (id: number) => repo.byId(id),
    byUid: (uid: number) => repo.byUid(uid),
    byUsername: (username: string) => repo.byUsername(username),
    /** The player an operator names by uid; OPS_NOT_FOUND when there is none. */
    /** The operator verified the player's identity: the verified name becomes the profile's full name. */
    async adoptVerifiedName(userId: number, realName: string) {
      await repo.updateProfile(userId, { real_name: realName });
    },
    async opsTarget(uid: number): Promise<UserRow> {
      const row = await repo.byUid(uid);
      if (!row) throw new AppError(Code.OPS_NOT_FOUND);
      return row;
    },
    /** An operator's uid filter as a user id: none for no uid, -1 (matches nothing) for an unknown uid. */
    idFilter: async (uid: number | undefined) => (uid === undefined ? null : ((await repo.byUid(uid))?.id ?? -1)),
    /** The operator's search by uid, username or phone. */
    /**
     * The back office's player search. Part of a phone number finds players for an operator who may read
     * contact numbers (`contact`) only: for the others (a tester) a number matches in full or not at all,
     * or digit by digit the matches would spell out the numbers their answers mask.
     */
    search: (q: string, limit: number, contact: boolean) => repo.search(q, limit, contact ? `%${q}%` : null),
    /** Suspends or reactivates an account (sessions are the caller's: see ops-routes.ts). */
    async setStatus(id: number, status: UserRow['status'], reason: string) {
      await db.transaction(() => repo.setStatus(id, status, reason))();
    },
  };

  async function assertPhoneFree(user: SessionUser, phone: string) {
    const owner = await repo.byPhone(phone);
    if (owner && owner.id !== user.id) throw new AppError(Code.PHONE_TAKEN);
  }
}

export type UserService = ReturnType<typeof createUserService>;
export type { UserRow };
