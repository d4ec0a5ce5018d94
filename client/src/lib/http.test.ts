import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../shared/codes';
import type { gameList } from '../../../shared/contract/game';
import type { mallOrder } from '../../../shared/contract/mall';
import type { login, userInfo } from '../../../shared/contract/user';
import { CLIENT_REQUEST_HEADERS, RequestHeader } from '../../../shared/http-headers';
import { initDevice } from './device';
import { ApiError, call, configureHttp, NOTICE_DELAY_MS, REQUEST_TIMEOUT_MS, request } from './http';
import { initI18n } from './i18n';
import { useLoadingStore } from './loading';
import { useToastStore } from './toast';

/*
 * This file alone stubs `fetch` instead of using the contract server (client/src/test/contract-server.ts):
 * it tests the transport under the contract, so it answers what no contract endpoint may (a body that is
 * not JSON, a bare HTTP status, a hang until the 10 s time-out, a network failure mid-retry) and reads the
 * `RequestInit` the layer built (headers, signal). Every test of a screen or form uses the contract server.
 */
type Reply = { status?: number; body?: unknown; network?: boolean; hang?: boolean };
let reply: Reply = {};
const seen: { url: string; init: RequestInit }[] = [];

/** Plays the server: answers every fetch with `reply`, the way the browser's fetch settles. */
const fakeFetch = async (url: string, init: RequestInit): Promise<Response> => {
  seen.push({ url, init });
  if (reply.hang) {
    return new Promise((_, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  }
  if (reply.network) throw new TypeError('Failed to fetch');
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
  return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
};
vi.stubGlobal('fetch', vi.fn(fakeFetch));

const ok = (data: unknown, msg = '') => ({ success: true, code: 0, msg, data });
const fail = (code: number, msg: string) => ({ success: false, code, msg, data: null });
const toasts = () => useToastStore.getState().toasts.map((t) => [t.type, t.message]);

const hooks = { clearUser: vi.fn(), goGame: vi.fn() };
const getInfo = () => call<typeof userInfo>('GET', '/api/user/info', { quiet: true });
const postLogin = () =>
  call<typeof login>('POST', '/api/user/login', { body: { username: 'abcdef', password: 'x'.repeat(32) } });
const getBalance = () => request({ method: 'GET', url: '/api/balance', quiet: true }).then((r) => r.data);

describe('http layer (spec section 8)', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    initDevice();
    configureHttp(hooks);
  });
  beforeEach(() => {
    vi.useFakeTimers();
    reply = {};
    seen.length = 0;
    hooks.clearUser.mockClear();
    hooks.goGame.mockClear();
    useToastStore.setState({ toasts: [] });
    useLoadingStore.setState({ count: 0 });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('sends the five headers and a JSON body', async () => {
    reply = { body: ok(null) };
    await postLogin();
    const { url, init } = seen[0]!;
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(headers.language).toBe('en-US');
    expect(headers.version).toBe('1.0.0');
    expect(headers.versionCode).toBe('100');
    expect(headers.deviceId).toMatch(/.{8,}/);
    expect(headers.requestFrom).toBe('H5');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ username: 'abcdef', password: 'x'.repeat(32) }));
  });

  it('puts the query in the URL, leaving out empty values, and sends no body with a GET', async () => {
    reply = { body: ok({ list: [], total: 0 }) };
    await call<typeof gameList.open>('GET', '/api/open/game/fetch', {
      query: { type: 'slot', provider: undefined, page: 2, size: 20 },
    });
    expect(seen[0]!.url).toBe('/api/open/game/fetch?type=slot&page=2&size=20');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.body).toBeUndefined();
  });

  it("times out after 10 s with 'Request error' and stops the loading count", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    reply = { hang: true };
    const pending = postLogin().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(useLoadingStore.getState().count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'network', status: null, message: 'Request error' });
    expect(toasts()).toEqual([['danger', 'Request error']]);
    expect(useLoadingStore.getState().count).toBe(0);
  });

  it("the caller's signal cancels quietly", async () => {
    reply = { hang: true };
    const controller = new AbortController();
    const pending = call<typeof userInfo>('GET', '/api/user/info', { quiet: true, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    await expect(pending).resolves.toMatchObject({ kind: 'cancelled' });
    vi.advanceTimersByTime(1000);
    expect(toasts()).toEqual([]);
  });

  it("answers the envelope's data", async () => {
    reply = { body: ok({ uid: 1 }) };
    await expect(getInfo()).resolves.toEqual({ uid: 1 });
  });

  it('shows a green notice 100 ms after a non-GET success with a msg', async () => {
    reply = { body: ok(null, 'Login successful') };
    await postLogin();
    expect(toasts()).toEqual([]);
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(toasts()).toEqual([['success', 'Login successful']]);
  });

  it('shows nothing for a GET success, even with a msg, or a non-GET without one', async () => {
    reply = { body: ok({ uid: 1 }, 'hello') };
    await getInfo();
    reply = { body: ok(null) };
    await postLogin();
    vi.advanceTimersByTime(1000);
    expect(toasts()).toEqual([]);
  });

  it('shows the red server msg 100 ms after an envelope failure and rejects with its code', async () => {
    reply = { body: fail(Code.LOGIN_FAILED, 'Incorrect username or password') };
    const error = await postLogin().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'envelope',
      code: Code.LOGIN_FAILED,
      message: 'Incorrect username or password',
    });
    expect(toasts()).toEqual([]);
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(toasts()).toEqual([['danger', 'Incorrect username or password']]);
  });

  it("says 'Error!' for a failure without a msg, or an answer that is not an envelope", async () => {
    reply = { body: fail(Code.VALIDATION, '') };
    await postLogin().catch(() => {});
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(toasts()).toEqual([['danger', 'Error!']]);
    useToastStore.setState({ toasts: [] });
    reply = { body: '<html>' };
    await expect(postLogin()).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(toasts()).toEqual([['danger', 'Error!']]);
  });

  it('20002: clears user data, then shows the notice and goes to game', async () => {
    reply = { body: fail(Code.SESSION_INVALID, 'Your session has ended. Please log in again') };
    await expect(getBalance()).rejects.toMatchObject({ code: Code.SESSION_INVALID });
    expect(hooks.clearUser).toHaveBeenCalledOnce();
    expect(hooks.goGame).not.toHaveBeenCalled();
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(toasts()).toEqual([['danger', 'Your session has ended. Please log in again']]);
    expect(hooks.goGame).toHaveBeenCalledOnce();
  });

  it('20002 from user info: clears user data quietly, no notice, no navigation', async () => {
    reply = { body: fail(Code.SESSION_INVALID, 'Your session has ended. Please log in again') };
    await expect(getInfo()).rejects.toMatchObject({ code: Code.SESSION_INVALID });
    vi.advanceTimersByTime(1000);
    expect(hooks.clearUser).toHaveBeenCalledOnce();
    expect(toasts()).toEqual([]);
    expect(hooks.goGame).not.toHaveBeenCalled();
  });

  it('several 20002 answers at once give one notice and one navigation', async () => {
    reply = { body: fail(Code.SESSION_INVALID, 'ended') };
    await Promise.allSettled([getBalance(), postLogin(), getBalance()]);
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(hooks.clearUser).toHaveBeenCalledTimes(3);
    expect(toasts()).toEqual([['danger', 'ended']]);
    expect(hooks.goGame).toHaveBeenCalledOnce();
  });

  it.each([
    [400, 'Request error'],
    [401, 'Request error'],
    [403, 'Request error'],
    [404, 'Request address error'],
    [408, 'Request timeout'],
    [429, 'Request error'],
    [500, 'Server error!'],
    [501, 'Service Unavailable!'],
    [502, 'Bad gateway!'],
    [503, 'Service Unavailable!'],
    [504, 'Gateway timeout!'],
    [505, 'HTTP is not supported'],
    [599, 'Request error'],
  ])('HTTP %i shows "%s" in red and rejects with the status', async (status, message) => {
    reply = { status, body: fail(Code.NOT_FOUND, 'server text is not used') };
    await expect(postLogin()).rejects.toMatchObject({ kind: 'http', status, message });
    expect(toasts()).toEqual([['danger', message]]);
  });

  it("no answer at all shows 'Request error'", async () => {
    reply = { network: true };
    await expect(postLogin()).rejects.toMatchObject({ kind: 'network', status: null, message: 'Request error' });
    expect(toasts()).toEqual([['danger', 'Request error']]);
  });

  it('a silent (background) call is not toasted for transport failures', async () => {
    reply = { status: 404, body: fail(Code.NOT_FOUND, 'x') };
    await expect(request({ method: 'GET', url: '/api/badge/data', silent: true })).rejects.toMatchObject({
      status: 404,
    });
    vi.advanceTimersByTime(1000);
    expect(toasts()).toEqual([]);
  });

  it('counts requests in flight for the loading indicator, except quiet ones', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.mocked(fetch).mockImplementation(async () => {
      await gate;
      return new Response(JSON.stringify(ok(null)), { status: 200 });
    });
    try {
      const loud = postLogin();
      const quiet = getInfo();
      await vi.advanceTimersByTimeAsync(0);
      expect(useLoadingStore.getState().count).toBe(1);
      release();
      await Promise.all([loud, quiet]);
      expect(useLoadingStore.getState().count).toBe(0);
    } finally {
      vi.mocked(fetch).mockImplementation(fakeFetch as typeof fetch);
    }
  });

  it('sends an Idempotency-Key on a money POST: the same again when the same body is retried after no answer', async () => {
    const order = (quantity: number) =>
      call<typeof mallOrder>('POST', '/api/mallExchange/order', { body: { itemId: 7, quantity }, idempotent: true });
    const keyOf = (i: number) => (seen[i]?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    reply = { network: true };
    await order(1).catch(() => {});
    await order(1).catch(() => {});
    reply = { body: fail(Code.IDEMPOTENCY_IN_PROGRESS, 'still running') };
    await order(1).catch(() => {});
    reply = { body: ok({ rewards: [] }) };
    await order(1);
    // Answered: the next submission, even with the same body, is a new one; so is another body.
    await order(1);
    await order(2);
    expect(keyOf(0)).toMatch(/^[\da-f-]{32,36}$/);
    expect([keyOf(1), keyOf(2), keyOf(3)]).toEqual([keyOf(0), keyOf(0), keyOf(0)]);
    expect(new Set([keyOf(0), keyOf(4), keyOf(5)]).size).toBe(3);
    await postLogin();
    expect(keyOf(6)).toBeUndefined();
  });

  it("sends only headers of the shared list, the one the server's CORS preflight allows", async () => {
    reply = { body: ok(null) };
    await getInfo();
    await call<typeof mallOrder>('POST', '/api/mallExchange/order', {
      body: { itemId: 7, quantity: 1 },
      idempotent: true,
    });
    const sent = new Set(seen.flatMap(({ init }) => Object.keys(init.headers as Record<string, string>)));
    // every one of the list but the back office's two
    const backOffice: string[] = [RequestHeader.authorization, RequestHeader.operator];
    expect([...sent].sort()).toEqual(CLIENT_REQUEST_HEADERS.filter((h) => !backOffice.includes(h)).sort());
  });

  it('stops counting a failed request too', async () => {
    reply = { status: 500, body: null };
    await postLogin().catch(() => {});
    reply = { body: fail(1, 'no') };
    await postLogin().catch(() => {});
    expect(useLoadingStore.getState().count).toBe(0);
  });
});
