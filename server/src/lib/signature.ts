import { createHmac, timingSafeEqual } from 'node:crypto';

/** The gateway's signature: HMAC-SHA256 (hex) over the fields, keys sorted, as key=value joined by &. */
export function signFields(fields: Record<string, string | undefined>, secret: string): string {
  const canonical = Object.keys(fields)
    .filter((key) => key !== 'signature' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

export function verifyFields(fields: Record<string, string | undefined>, signature: string, secret: string): boolean {
  const expected = Buffer.from(signFields(fields, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
