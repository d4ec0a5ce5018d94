import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Limiter } from '../../plugins/rate-limit';
import { createSmsRepo, type SmsPurpose } from './sms.repo';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_COOLDOWN_S = 60;
export const SMS_MAX_ATTEMPTS = 5;
const RESEND_COOLDOWN = { limit: 1, windowMs: SMS_RESEND_COOLDOWN_S * 1000 };
const PER_PHONE_HOURLY = { limit: 5, windowMs: 3_600_000 };
const PER_ADDRESS_HOURLY = { limit: 20, windowMs: 3_600_000 };

/** What a number with no account (reset) or another account's (bind) is sent instead of a code. */
export const SMS_NOTICE = {
  noAccount:
    'Someone asked to reset a password for this number, but no account uses it, so no code was sent. If it was not you, ignore this message.',
  taken:
    'Someone asked to link this number to an account, but it is already linked to another one, so no code was sent. If it was not you, ignore this message.',
  registered:
    'Someone asked to sign up with this number, but it already has an account, so no code was sent. If it was you, log in or reset your password instead.',
} as const;

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  bind: 'to bind this number to your account',
  resetLoginPwd: 'to reset your login password',
  resetTradePwd: 'to reset your transaction password',
  withdraw: 'to confirm your withdrawal',
  register: 'to sign up with this number',
};

/**
 * The simulated SMS gateway: each message lands in the sms_messages outbox (read by testers through
 * GET /ops/sms) and in the server log. Codes: 6 digits, valid 5 minutes, single use, 5 tries.
 */
export function createSmsService(deps: { db: Db; clock: Clock; limiter: Limiter; log: FastifyBaseLogger }) {
  const { clock, limiter, log } = deps;
  const repo = createSmsRepo(deps.db);

  const service = {
    /**
     * Sends a code for `purpose`, or with `notice` a message without a code (the number has no account to
     * reset, or is another account's): the caller answers the same either way, and the same cool-down and
     * limits apply, so the answer never tells whether a number is registered (issue 26).
     */
    async send(
      phone: string,
      purpose: SmsPurpose,
      userId: number | null,
      ip: string,
      options: { notice?: string; sessionId?: number } = {},
    ): Promise<{ cooldownSeconds: number }> {
      const { notice, sessionId } = options;
      const last = await repo.latest(phone, purpose);
      // A withdrawal code goes only to the account's own bound number and confirms one withdrawal: once the
      // last one was used, the next withdrawal's code is not a resend (no cool-down, and it does not count
      // toward the hourly limits, so a player may make the withdrawals their VIP level allows). Every other
      // send (the first, or while the last code is unused) waits out the cool-down and counts per number.
      const earned = purpose === 'withdraw' && last !== undefined && last.used_at !== null;
      if (last && !earned) {
        // A message "sent in the future" (the clock was set back) holds nothing, like the rate limiter.
        const elapsed = clock.nowMs() - Date.parse(last.created_at);
        const wait = elapsed < 0 ? 0 : Math.ceil((SMS_RESEND_COOLDOWN_S * 1000 - elapsed) / 1000);
        if (wait > 0) throw new AppError(Code.SMS_COOLDOWN, { params: { seconds: wait } });
      }
      // The check above reads the outbox; this makes it one atomic step across requests and processes
      // (parallel sends all passed the read: 5 of 10 were sent at once with Redis). Keyed by the last
      // message, so of parallel sends after one used withdrawal code only one goes out too.
      await limiter.consume(`sms:cooldown:${purpose}:${phone}:${last?.id ?? 0}`, RESEND_COOLDOWN, Code.SMS_COOLDOWN);
      if (!earned) {
        // The sign-up's codes count apart: signing up does not use up the new account's resets for the hour.
        await limiter.consume(`sms:phone:${purpose === 'register' ? 'register:' : ''}${phone}`, PER_PHONE_HOURLY);
        // The per-address limit stops one address texting many numbers; a withdrawal code can only go to
        // the signed-in account's own number.
        if (purpose !== 'withdraw') await limiter.consume(`sms:ip:${ip}`, PER_ADDRESS_HOURLY);
      }
      // A notice holds no code: '' never matches the six digits a check is given.
      const code = notice === undefined ? String(randomInt(0, 1_000_000)).padStart(6, '0') : '';
      const text =
        notice ??
        `Your verification code is ${code} ${PURPOSE_TEXT[purpose]}. It expires in 5 minutes. Never share it with anyone.`;
      const now = clock.now();
      await repo.insert({
        phone,
        purpose,
        userId,
        code,
        text,
        ip,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString(),
        sessionId: sessionId ?? null,
      });
      log.info({ sms: { phone, purpose, text } }, 'SMS sent (simulated gateway)');
      return { cooldownSeconds: SMS_RESEND_COOLDOWN_S };
    },

    /**
     * Checks `code` against the latest code sent to `phone` for `purpose` and answers its id, to be
     * claimed (`claim`) in the transaction of what it allows. Refused (SMS_CODE_INVALID): no code, used,
     * expired (5 minutes), out of tries (5), or sent for another session than `sessionId` (a code bound to
     * a session dies with it). A wrong code counts a try, stored at once even though the call fails.
     */
    async check(phone: string, purpose: SmsPurpose, code: string, sessionId?: number): Promise<number> {
      const sms = await repo.latest(phone, purpose);
      const now = clock.now();
      if (
        !sms ||
        sms.used_at !== null ||
        sms.attempts >= SMS_MAX_ATTEMPTS ||
        Date.parse(sms.expires_at) <= now.getTime() ||
        (sms.session_id !== null && sms.session_id !== sessionId)
      ) {
        throw new AppError(Code.SMS_CODE_INVALID);
      }
      if (sms.code === '' || sms.code !== code) {
        await repo.addAttempt(sms.id);
        throw new AppError(Code.SMS_CODE_INVALID);
      }
      return sms.id;
    },

    /**
     * Marks a checked code used, inside the caller's transaction: of two requests with one code (two tabs)
     * only the first claims it, the other is refused (SMS_CODE_INVALID) and its transaction rolls back.
     */
    async claim(id: number): Promise<void> {
      if (!(await repo.markUsed(id, clock.iso()))) throw new AppError(Code.SMS_CODE_INVALID);
    },

    /**
     * Checks the latest code sent to `phone` for `purpose`; on a match, marks it used and runs `apply`
     * in one transaction. A wrong code counts an attempt (kept even though the call fails).
     */
    async consume<T>(phone: string, purpose: SmsPurpose, code: string, apply: () => T | Promise<T>): Promise<T> {
      const id = await service.check(phone, purpose, code);
      return deps.db.transaction(async () => {
        await service.claim(id);
        return apply();
      })();
    },

    outbox: (phone: string, limit: number) => repo.recent(phone, limit),
  };
  return service;
}

export type SmsService = ReturnType<typeof createSmsService>;
