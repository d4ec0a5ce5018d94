import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REQUEST_HEADERS } from '../../../shared/http-headers';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { corsOrigins: ['http://localhost:6006'] } });
});
afterAll(() => t.close());

describe('CORS_ORIGINS', () => {
  it('is read as a comma-separated list', () => {
    const config = loadConfig({ CORS_ORIGINS: 'http://localhost:6006, https://app.example.ph/' });
    expect(config.corsOrigins).toEqual(['http://localhost:6006', 'https://app.example.ph']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('answers a preflight from a listed origin, with credentials and the contract headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: {
        origin: 'http://localhost:6006',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, requestfrom',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:6006');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(String(res.headers['access-control-allow-headers'])).toContain('requestFrom');
  });

  it("allows every header the clients send (the app's version and versionCode included)", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/mallExchange/order',
      headers: {
        origin: 'http://localhost:6006',
        'access-control-request-method': 'POST',
        // what Chromium sends: the non-safelisted names, lower-cased, sorted
        'access-control-request-headers': CLIENT_REQUEST_HEADERS.map((h) => h.toLowerCase())
          .sort()
          .join(','),
      },
    });
    expect(res.statusCode).toBe(204);
    // header names are case-insensitive to the browser
    const allowed = String(res.headers['access-control-allow-headers'])
      .split(',')
      .map((h) => h.trim().toLowerCase());
    for (const header of CLIENT_REQUEST_HEADERS) expect(allowed, header).toContain(header.toLowerCase());
    // the two the hand-written list had lost (issue 30): the http layer sends them on every call
    for (const header of ['version', 'versioncode', 'language', 'deviceid', 'requestfrom', 'idempotency-key']) {
      expect(allowed, header).toContain(header);
    }
  });

  it('marks the real answer for a listed origin, and nothing for another one', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: 'http://localhost:6006' },
    });
    expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:6006');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    expect(listed.headers['access-control-expose-headers']).toBe('Idempotent-Replayed');
    expect(String(listed.headers.vary)).toContain('Origin');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: 'https://evil.example' },
    });
    expect(corsHeaders(other.headers)).toEqual([]);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'version,versioncode',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(corsHeaders(preflight.headers)).toEqual([]);
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(corsHeaders(sameOrigin.headers)).toEqual([]);
  });

  it('sends no CORS header at all when no origin is listed', async () => {
    const plain = await createTestApp();
    try {
      for (const method of ['GET', 'OPTIONS'] as const) {
        const res = await plain.app.inject({
          method,
          url: '/api/user/info',
          headers: { origin: 'http://localhost:6006', 'access-control-request-method': 'GET' },
        });
        expect(corsHeaders(res.headers), method).toEqual([]);
      }
    } finally {
      await plain.close();
    }
  });
});

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));
