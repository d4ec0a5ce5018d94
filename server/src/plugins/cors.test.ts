import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(String(res.headers['access-control-allow-headers'])).toContain('requestFrom');
  });

  it('marks the real answer for a listed origin, and nothing for another one', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: 'http://localhost:6006' },
    });
    expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:6006');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
