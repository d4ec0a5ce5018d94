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
} as const;

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  bind: 'to bind this number to your account',
  resetLoginPwd: 'to reset your login password',
  resetTradePwd: 'to reset your transaction password',
};

/**
 * The simulated SMS gateway: each message lands in the sms_messages outbox (read by testers through
 * GET /ops/sms) and in the server log. Codes: 6 digits, valid 5 minutes, single use, 5 tries.
 */
export function createSmsService(deps: { db: Db; clock: Clock; limiter: Limiter; log: FastifyBaseLogger }) {
  const { clock, limiter, log } = deps;
  const repo = createSmsRepo(deps.db);

  return {
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
      notice?: string,
    ): Promise<{ cooldownSeconds: number }> {
      const last = await repo.latest(phone, purpose);
      if (last) {
        // A message "sent in the future" (the clock was set back) holds nothing, like the rate limiter.
        const elapsed = clock.nowMs() - Date.parse(last.created_at);
        const wait = elapsed < 0 ? 0 : Math.ceil((SMS_RESEND_COOLDOWN_S * 1000 - elapsed) / 1000);
        if (wait > 0) throw new AppError(Code.SMS_COOLDOWN, { params: { seconds: wait } });
      }
      // The check above reads the outbox; this makes it one atomic step across requests and processes
      // (parallel sends all passed the read: 5 of 10 were sent at once with Redis).
      await limiter.consume(`sms:cooldown:${purpose}:${phone}`, RESEND_COOLDOWN, Code.SMS_COOLDOWN);
      await limiter.consume(`sms:phone:${phone}`, PER_PHONE_HOURLY);
      await limiter.consume(`sms:ip:${ip}`, PER_ADDRESS_HOURLY);
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
      });
      log.info({ sms: { phone, purpose, text } }, 'SMS sent (simulated gateway)');
      return { cooldownSeconds: SMS_RESEND_COOLDOWN_S };
    },

    /**
     * Checks the latest code sent to `phone` for `purpose`; on a match, marks it used and runs `apply`
     * in one transaction. A wrong code counts an attempt (kept even though the call fails).
     */
    async consume<T>(phone: string, purpose: SmsPurpose, code: string, apply: () => T | Promise<T>): Promise<T> {
      const sms = await repo.latest(phone, purpose);
      const now = clock.now();
      if (
        !sms ||
        sms.used_at !== null ||
        sms.attempts >= SMS_MAX_ATTEMPTS ||
        Date.parse(sms.expires_at) <= now.getTime()
      ) {
        throw new AppError(Code.SMS_CODE_INVALID);
      }
      if (sms.code === '' || sms.code !== code) {
        await repo.addAttempt(sms.id);
        throw new AppError(Code.SMS_CODE_INVALID);
      }
      return deps.db.transaction(async () => {
        if (!(await repo.markUsed(sms.id, now.toISOString()))) throw new AppError(Code.SMS_CODE_INVALID);
        return apply();
      })();
    },

    outbox: (phone: string, limit: number) => repo.recent(phone, limit),
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
