import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchStep, newTotpSecret, otpauthUri, stepAt, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; 8-digit codes there, the last 6 here.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ] as const)
      expect(totpCode(RFC_SECRET, stepAt(seconds * 1000))).toBe(code);
  });

  it('accepts the step before and after, nothing further, and says which step matched', () => {
    const secret = newTotpSecret();
    const now = Date.parse('2026-11-27T08:00:10Z');
    const step = stepAt(now);
    expect(matchStep(secret, totpCode(secret, step), now)).toBe(step);
    expect(matchStep(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchStep(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchStep(secret, totpCode(secret, step - 2), now)).toBeNull();
    expect(matchStep(secret, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 and writes the otpauth URI', () => {
    const bytes = Buffer.from('any bytes at all!');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(otpauthUri('Casino BO', 'ana', 'ABC')).toBe(
      'otpauth://totp/Casino%20BO%3Aana?secret=ABC&issuer=Casino%20BO&algorithm=SHA1&digits=6&period=30',
    );
  });
});
