/**
 * The server, as client tests and the preview see it: Mock Service Worker handlers answering the app's real
 * fetch calls (the http layer, its envelope handling and its notices all run) with answers built from the
 * contract. This module imports neither vitest nor `msw/node`: `contract-server.ts` runs these handlers in
 * node for the tests, `client/src/preview` in the browser's service worker.
 *
 * `answer(endpoint, data)` takes the endpoint object of shared/contract and data typed by its response
 * schema, so a fixture of the wrong shape does not compile, and it is parsed by that schema when the handler
 * is made, so a cast (`as never`) cannot smuggle one past either: a screen is never tested against an answer
 * the server cannot send. `refuse(endpoint, code)` answers one of the codes the endpoint can answer, with the
 * server's own text for it. `recorded(endpoint)` gives the example recorded from the scenarios by
 * `npm run openapi` (shared/openapi-examples.json), for a test that needs a plausible answer and
 * not particular values.
 */
import { delay, HttpResponse, http, type RequestHandler } from 'msw';
import type { z } from 'zod';
import { Code, type CodeValue } from '../../../shared/codes';
import type { BodyOf, DataOf, Endpoint } from '../../../shared/contract/define';
import { codeMessage } from '../../../shared/messages';
import examples from '../../../shared/openapi-examples.json';

/** The codes any endpoint may answer besides the ones its contract declares (server/src/plugins/docs.ts). */
type CommonCode =
  | typeof Code.INTERNAL
  | typeof Code.SERVICE_UNAVAILABLE
  | typeof Code.VALIDATION
  | typeof Code.SESSION_INVALID
  | typeof Code.ACCOUNT_SUSPENDED
  | typeof Code.RATE_LIMITED;

/** The business codes an endpoint declares, as literal types (defineEndpoint keeps them). */
type DeclaredCode<E extends Endpoint> = E['codes'] extends readonly (infer C)[] ? C : never;

/** What the app sent to each endpoint a handler answered, in order: `sent(endpoint)` reads it. */
const received = new Map<Endpoint, unknown[]>();

/** Forgets what `sent` reports (after each test, or when the preview changes story). */
export const clearSent = (): void => received.clear();

const route = (endpoint: Endpoint) => {
  const method = endpoint.method === 'GET' ? http.get : endpoint.method === 'POST' ? http.post : http.delete;
  // any origin: the app calls relative paths; `:name` segments are MSW's own path parameters
  return (reply: () => Response | Promise<Response>, once: boolean) =>
    method(
      `*${endpoint.path}`,
      async ({ request }) => {
        const url = new URL(request.url);
        const sentNow = endpoint.method === 'POST' ? await request.json() : Object.fromEntries(url.searchParams);
        received.set(endpoint, [...(received.get(endpoint) ?? []), sentNow]);
        return await reply();
      },
      { once },
    );
};

/**
 * The bodies (POST) or query parameters (GET, DELETE, as strings) the app sent to `endpoint` since the test
 * began, oldest first; typed as the contract's request so a test compares them with what the form should send.
 */
export function sent<E extends Endpoint>(endpoint: E): (E extends { body: z.ZodObject } ? BodyOf<E> : unknown)[] {
  return (received.get(endpoint) ?? []) as never;
}

interface AnswerOptions {
  /** The envelope's msg (a green notice for a POST). */
  msg?: string;
  /** Answer only the first call, then fall through to the next handler (or the test fails as unhandled). */
  once?: boolean;
}

/** A success envelope for `endpoint`, its data checked by the contract at compile time and now. */
export function answer<E extends Endpoint>(endpoint: E, data: DataOf<E>, options: AnswerOptions = {}): RequestHandler {
  const checked = endpoint.data.safeParse(data);
  if (!checked.success) {
    const where = checked.error.issues[0];
    throw new Error(
      `answer(${endpoint.method} ${endpoint.path}): not what the contract lets the server send ` +
        `(${where?.path.join('.') || 'data'}: ${where?.message})`,
    );
  }
  return route(endpoint)(
    () => HttpResponse.json({ success: true, code: Code.OK, msg: options.msg ?? '', data: checked.data }),
    options.once === true,
  );
}

/** A refusal envelope for `endpoint` with one of the codes it can answer, worded as the server words it. */
export function refuse<E extends Endpoint>(
  endpoint: E,
  code: DeclaredCode<E> | CommonCode,
  options: { msg?: string; data?: unknown; once?: boolean } = {},
): RequestHandler {
  const msg = options.msg ?? codeMessage(code as CodeValue, 'en-US');
  return route(endpoint)(
    () => HttpResponse.json({ success: false, code, msg, data: options.data ?? null }),
    options.once === true,
  );
}

/** No answer at all while the screen is looked at: its loading state (a test, a preview story). */
export function pending(endpoint: Endpoint): RequestHandler {
  return route(endpoint)(async () => {
    await delay('infinite');
    return HttpResponse.json(null);
  }, false);
}

/**
 * A transport failure instead of an envelope: `'network'` (no answer, the app's 'Request error') or an HTTP
 * status with no envelope (a proxy's 502, a crash before the server's error handler).
 */
export function broken(
  endpoint: Endpoint,
  failure: 'network' | number,
  options: { once?: boolean } = {},
): RequestHandler {
  return route(endpoint)(
    () => (failure === 'network' ? HttpResponse.error() : new HttpResponse(null, { status: failure })),
    options.once === true,
  );
}

/**
 * A success handler for each of `endpoints` that has a recorded example, answering it: the default server
 * of a preview story (its own handlers go first and win). Endpoints with no recording are left out.
 */
export function recordedHandlers(endpoints: readonly Endpoint[]): RequestHandler[] {
  const handlers: RequestHandler[] = [];
  for (const endpoint of endpoints) {
    try {
      handlers.push(answer(endpoint, recorded(endpoint)));
    } catch {
      // not recorded (or no longer of its schema): the story says what it needs
    }
  }
  return handlers;
}

type RecordedExample = { summary: string; response: { success: boolean; data: unknown } };

/** The success data recorded for `endpoint` by `npm run openapi`, checked against its schema. */
export function recorded<E extends Endpoint>(endpoint: E): DataOf<E> {
  const key = `${endpoint.method.toLowerCase()} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
  const example = (examples as Record<string, RecordedExample[]>)[key]?.find((one) => one.response.success);
  if (!example) throw new Error(`no recorded success for ${endpoint.method} ${endpoint.path} (npm run openapi)`);
  return endpoint.data.parse(example.response.data) as DataOf<E>;
}
