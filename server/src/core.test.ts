import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { buildApp } from './app';
import { testConfig } from './config';
import { knownMigrations, migrate, openDatabase } from './db/database';
import { MIGRATIONS } from './db/schema';
import {
  hashed,
  newPlayer,
  opsClient,
  registerPlayer,
  signUpCode,
  TEST_NOW,
  TestClient,
  testApp,
} from './test/helpers';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const json = { 'content-type': 'application/json', requestfrom: 'H5' };
const post = (url: string, payload: string, headers: Record<string, string> = json) =>
  app.inject({ method: 'POST', url, payload, headers });

/** No stack frame, no source path, no module path. */
function expectNoLeak(response: LightMyRequestResponse) {
  expect(response.body).not.toMatch(/\n\s+at /);
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(response.body).not.toMatch(/\/(work|home|usr|src|server|node_modules)\//);
  expect(response.body).not.toMatch(/\.(ts|js|mjs):\d+/);
  expect(response.body).not.toMatch(/stack/i);
}

const envelopeKeys = ['code', 'data', 'msg', 'success'];

describe('the envelope and the error handler', () => {
  it('malformed JSON answers 400 with code 10002', async () => {
    for (const payload of ['{', '{"username": }', "{'a':1}", '']) {
      const response = await post('/api/user/login', payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        success: false,
        code: Code.MALFORMED_JSON,
        msg: 'The request body is not valid JSON',
        data: null,
      });
      expectNoLeak(response);
    }
  });

  it('a body over 64 KiB answers 413 with code 10003', async () => {
    const response = await post('/api/user/login', JSON.stringify({ username: 'x'.repeat(70 * 1024), password: 'a' }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: Code.BODY_TOO_LARGE, data: null });
    expectNoLeak(response);
    // Just under the limit is read (and refused by validation instead).
    const fits = await post('/api/user/login', JSON.stringify({ username: 'x'.repeat(60 * 1024), password: 'a' }));
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ success: false, code: Code.VALIDATION });
  });

  it('an unknown path answers 404 with code 10004, for GET and POST, under /api and elsewhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/user/nope'],
      ['GET', '/api/user/info/extra'],
      ['DELETE', '/api/user/info'],
      ['GET', '/nothing-here'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { requestfrom: 'H5' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        success: false,
        code: Code.NOT_FOUND,
        msg: 'Request address error',
        data: null,
      });
    }
  });

  it('a body that is not JSON answers 415 with code 10008', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await post('/api/user/login', 'username=a&password=b', {
        'content-type': type,
        requestfrom: 'H5',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toMatchObject({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE, data: null });
    }
  });

  it('a validation failure is HTTP 200, success false, code 10001, with the field list in data', async () => {
    const response = await post('/api/user/login', JSON.stringify({ username: '', password: 'plain', extra: 1 }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(envelopeKeys);
    expect(body).toEqual({
      success: false,
      code: Code.VALIDATION,
      msg: 'username: This is required',
      data: [
        { field: 'username', message: 'This is required' },
        { field: 'password', message: 'Format is incorrect' },
        { field: 'extra', message: 'Unknown field' },
      ],
    });
  });

  it('refuses wrong JSON shapes (array, null, number) and __proto__ keys as validation errors', async () => {
    for (const payload of ['[]', 'null', '1', '"text"', '{"__proto__":{"admin":true},"username":"abc123"}']) {
      const response = await post('/api/user/login', payload);
      expect(response.statusCode, payload).toBeLessThan(500);
      const body = response.json();
      expect(body.success, payload).toBe(false);
      expect([Code.VALIDATION, Code.MALFORMED_JSON], payload).toContain(body.code);
      expectNoLeak(response);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('language vi-VN translates msg, field messages included; an unknown language falls back to en-US', async () => {
    const vi = new TestClient(app, undefined, { language: 'vi-VN' });
    const wrong = await vi.post('/api/user/login', { username: 'nobody123', password: hashed('whatever1') });
    expect(wrong.body).toMatchObject({ code: Code.LOGIN_FAILED, msg: 'Tên đăng nhập hoặc mật khẩu không đúng' });
    const invalid = await vi.post('/api/user/login', { username: 'nobody123', password: 'plain' });
    expect(invalid.body.data).toEqual([{ field: 'password', message: 'Định dạng không đúng' }]);
    expect(invalid.body.msg).toBe('password: Định dạng không đúng');
    const session = await vi.get('/api/user/info');
    expect(session.body.msg).toBe('Phiên đăng nhập đã kết thúc. Vui lòng đăng nhập lại');
    const missing = await app.inject({ method: 'GET', url: '/api/nope', headers: { language: 'vi-VN' } });
    expect(missing.json().msg).toBe('Địa chỉ yêu cầu không đúng');

    const fr = new TestClient(app, undefined, { language: 'fr-FR' });
    expect((await fr.get('/api/user/info')).body.msg).toBe('Your session has ended. Please log in again');
    // A success message is translated too.
    const p = newPlayer();
    const registered = await vi.post('/api/user/custom/register', {
      username: p.username,
      password: hashed(p.password),
      phone: p.phone,
      agree: true,
      smsCode: await signUpCode(app, p.phone, vi),
    });
    expect(registered.body.msg).toBe('Chào mừng! Tài khoản của bạn đã sẵn sàng');
  });

  it('an unexpected fault answers 500 with the envelope and nothing of the fault', async () => {
    const { client } = await registerPlayer(app);
    const users = app.services.users;
    const original = users.info;
    users.info = () => {
      throw new Error('secret detail at /work/main/server/src/domains/user/service.ts:42:7');
    };
    try {
      const response = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: client.cookie } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        code: Code.INTERNAL,
        msg: 'Server error! Please try again later',
        data: null,
      });
      expect(response.body).not.toContain('secret');
      expectNoLeak(response);
    } finally {
      users.info = original;
    }
  });

  it('no answer carries a stack trace or a file path', async () => {
    const { client } = await registerPlayer(app);
    const responses = [
      await post('/api/user/login', '{"a":'),
      await post('/api/user/login', JSON.stringify({ username: 'y'.repeat(80_000) })),
      await post('/api/user/login', JSON.stringify({ username: 1, password: [] })),
      await post('/api/user/login', 'x', { 'content-type': 'text/plain', requestfrom: 'H5' }),
      await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: client.cookie } }),
      await app.inject({ method: 'GET', url: '/api/does/not/exist' }),
      await app.inject({ method: 'GET', url: '/ops/users/abc' }),
      await app.inject({ method: 'GET', url: '/static/avatars/../../src/app.ts' }),
      await app.inject({ method: 'GET', url: '/static/%E0%A4%A' }),
      await app.inject({ method: 'GET', url: '/api/user/info?x=%' }),
      await app.inject({ method: 'GET', url: '/ops/users/1', headers: { authorization: 'Bearer x' } }),
      await app.inject({
        method: 'GET',
        url: '/ops/users/abc',
        headers: { authorization: `Bearer ${app.config.adminToken}` },
      }),
    ];
    for (const response of responses) {
      expectNoLeak(response);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type'], response.body).toMatch(/^application\/json/);
      expect(Object.keys(response.json()).sort(), response.body).toEqual(envelopeKeys);
    }
  });
});

describe('security headers', () => {
  it('pages and files get the full policy', async () => {
    for (const url of ['/static/avatars/a1.svg', '/api/docs/json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(String(response.headers['content-security-policy']), url).toContain("default-src 'self'");
      expect(String(response.headers['content-security-policy']), url).toContain("object-src 'none'");
    }
  });

  it('API answers, errors included, get the short API set and are never cached', async () => {
    for (const url of ['/api/user/info', '/api/nope', '/ops/clock']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // helmet joins directives with ';' (no space): the same policy to a browser (CSP3 section 2.2.1)
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('API docs', () => {
  it('GET /api/docs/json is an OpenAPI document generated from the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Casino PH API');
    expect(doc.paths['/api/user/login'].post).toBeDefined();
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'username',
    );
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/ops/clock'].post.security).toEqual([{ adminToken: [] }]);
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'sid' });
  });

  it('GET /api/docs answers 200 HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});

describe('database and clock', () => {
  it('records migrations in schema_migrations; a second migrate() applies nothing', async () => {
    const rows = await app.db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    const files = knownMigrations();
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(rows).toEqual(files);
    expect(await app.db.exclusive((sync) => migrate(sync))).toEqual([]);
    expect(await app.db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(files.length);
    expect(await app.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('a fresh database gets the baseline, recording the SQLite versions it stands for', () => {
    const db = openDatabase(':memory:');
    try {
      expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(db.prepare('SELECT name FROM schema_migrations ORDER BY version').pluck().all()).toEqual(
        knownMigrations().map((m) => m.name),
      );
      expect(migrate(db)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('the clock keeps its offset across a rebuild on the same database', async () => {
    const db = openDatabase(':memory:');
    const config = testConfig();
    try {
      const first = await buildApp({ db, config });
      expect(first.clock.frozen).toBe(false);
      expect(Math.abs(first.clock.nowMs() - Date.now())).toBeLessThan(5_000);
      const moved = await opsClient(first).post<{ offsetMs: number }>('/ops/clock', { advance: '2d3h' });
      expect(moved.body.success).toBe(true);
      const offset = first.clock.offset;
      expect(Math.abs(offset - (2 * 86_400_000 + 3 * 3_600_000))).toBeLessThan(5_000);
      await first.close();
      expect(db.open).toBe(true);

      const second = await buildApp({ db, config });
      try {
        expect(second.clock.offset).toBe(offset);
        expect(Math.abs(second.clock.nowMs() - (Date.now() + offset))).toBeLessThan(5_000);
        const state = await opsClient(second).get<{ offsetMs: number; frozen: boolean }>('/ops/clock');
        expect(state.body.data).toMatchObject({ offsetMs: Math.round(offset), frozen: false });
      } finally {
        await second.close();
      }
    } finally {
      db.close();
    }
  });

  it('a frozen test clock does not overwrite the stored offset', async () => {
    const db = openDatabase(':memory:');
    try {
      const real = await buildApp({ db, config: testConfig() });
      real.clock.advance(3_600_000);
      const offset = real.clock.offset;
      await real.close();
      const frozen = await buildApp({ db, config: testConfig(), frozenAt: TEST_NOW });
      frozen.clock.advance(86_400_000);
      await frozen.close();
      const again = await buildApp({ db, config: testConfig() });
      expect(again.clock.offset).toBe(offset);
      await again.close();
    } finally {
      db.close();
    }
  });
});
