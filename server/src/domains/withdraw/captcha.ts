import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { CAPTCHA_LENGTH, captchaSvg, randomAnswer, svgDataUrl } from './captcha-image';
import type { WithdrawRepo } from './repo';

export const CAPTCHA_TTL_MS = 5 * 60_000;

interface Sealed {
  answer: string;
  userId: number;
  expiresMs: number;
}

/** How often a burn also purges the rows of tokens that expired (a minute ago or more). */
const PURGE_EVERY_MS = 60_000;

/**
 * The withdrawal captcha (spec section 5). The token seals the answer, the player and the expiry with
 * AES-256-GCM under a key made at start, so issuing a challenge writes nothing (a flood of GET /api/captcha
 * cannot grow the database) and a token cannot be forged or read. Using a token burns it in the captchas
 * table, right or wrong: single use. Alone, the key is made at start and tokens die with the process (they
 * live 5 minutes anyway); in a cluster every process takes the one key claimed on the broker when it starts
 * (`useKey`, withdraw/register.ts), so a challenge issued by one process is answered on any other. A key
 * replaced later (Redis lost it and the cluster settled on another) still opens the tokens it sealed.
 */
export function createCaptchaService(deps: { db: Db; clock: Clock; repo: WithdrawRepo; key?: Buffer }) {
  const { db, clock, repo } = deps;
  let key = deps.key ?? randomBytes(32);
  // The burned tokens' rows outlive their expiry by two minutes at most: a purge in every burn read the
  // expiry index page every concurrent burn writes, and on PostgreSQL (SERIALIZABLE) they conflicted.
  let lastPurgeMs = Number.NEGATIVE_INFINITY;
  let previous: Buffer | undefined;

  // Layout: answer (5 ASCII bytes) | user id (uint32) | expiry in unix seconds (uint32).
  function seal(s: Sealed): string {
    const plain = Buffer.alloc(CAPTCHA_LENGTH + 8);
    plain.write(s.answer, 0, 'ascii');
    plain.writeUInt32BE(s.userId, CAPTCHA_LENGTH);
    plain.writeUInt32BE(Math.ceil(s.expiresMs / 1000), CAPTCHA_LENGTH + 4);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  function open(token: string): Sealed | undefined {
    const raw = Buffer.from(token, 'base64url');
    // Only the canonical spelling: the decoder skips stray characters, which would make a second
    // string (with a second hash in the captchas table) for the same token.
    if (raw.length !== 12 + CAPTCHA_LENGTH + 8 + 16 || raw.toString('base64url') !== token) return undefined;
    return openWith(key, raw) ?? (previous && openWith(previous, raw));
  }

  function openWith(key: Buffer, raw: Buffer): Sealed | undefined {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
      return {
        answer: plain.toString('ascii', 0, CAPTCHA_LENGTH),
        userId: plain.readUInt32BE(CAPTCHA_LENGTH),
        expiresMs: plain.readUInt32BE(CAPTCHA_LENGTH + 4) * 1000,
      };
    } catch {
      return undefined;
    }
  }

  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

  const same = (a: string, b: string) => {
    const x = Buffer.from(a.trim().toUpperCase());
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };

  return {
    /**
     * Seals and opens with `shared` from now on (the cluster's key, taken before the first request); the
     * key it replaces still opens the tokens it sealed.
     */
    useKey(shared: Buffer) {
      if (shared.length !== 32) throw new Error('the captcha key must be 32 bytes');
      if (shared.equals(key)) return;
      previous = key;
      key = shared;
    },

    /** The key it seals with now (hex), for the broker's claim. */
    keyHex: () => key.toString('hex'),

    /** A fresh challenge for `userId`: its token, its picture as a data URL and its expiry. */
    issue(userId: number) {
      const answer = randomAnswer();
      const expiresMs = Math.ceil((clock.nowMs() + CAPTCHA_TTL_MS) / 1000) * 1000;
      return {
        token: seal({ answer, userId, expiresMs }),
        image: svgDataUrl(captchaSvg(answer)),
        expiresAt: new Date(expiresMs).toISOString(),
      };
    },

    /**
     * Checks a token's seal and answers the unit of work that burns it (right or wrong: one try per
     * token) and tells whether the answer counts, to run in a transaction committed before the player
     * hears the result. Throws CAPTCHA_INVALID at once, writing nothing, when forged, another player's or
     * expired.
     */
    burner(userId: number, token: string, answer: string): () => Promise<boolean> {
      const sealed = open(token);
      const now = clock.nowMs();
      if (!sealed || sealed.userId !== userId || sealed.expiresMs <= now) throw new AppError(Code.CAPTCHA_INVALID);
      const correct = same(answer, sealed.answer);
      return async () => {
        if (now - lastPurgeMs >= PURGE_EVERY_MS || now < lastPurgeMs) {
          // Only tokens expired a minute ago or more: a burn checked before its token expired and written
          // just after cannot find its token's row purged in between (and the token used again).
          await repo.purgeCaptchas(new Date(now - PURGE_EVERY_MS).toISOString());
          lastPurgeMs = now;
        }
        const fresh = await repo.burnCaptcha({
          tokenHash: hashOf(token),
          userId,
          correct,
          expiresAt: new Date(sealed.expiresMs).toISOString(),
          now: clock.iso(),
        });
        return fresh && correct;
      };
    },

    /**
     * Checks an answer and burns the token (committed at once, whatever the caller does next), so each
     * token gets one try. Throws CAPTCHA_INVALID when forged, another player's, expired, used or wrong.
     */
    async consume(userId: number, token: string, answer: string): Promise<void> {
      if (!(await db.transaction(this.burner(userId, token, answer))())) throw new AppError(Code.CAPTCHA_INVALID);
    },

    /** The answer behind a token, for testers through /ops (never for players). */
    async peek(token: string) {
      const sealed = open(token);
      if (!sealed) return undefined;
      return {
        answer: sealed.answer,
        userId: sealed.userId,
        expiresAt: new Date(sealed.expiresMs).toISOString(),
        used: await repo.captchaBurned(hashOf(token)),
      };
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
