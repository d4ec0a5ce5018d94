import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/dev';
import { COUNTER_EVENTS } from '../../../../shared/socket';
import { manilaDay, parseDuration } from '../../../../shared/time';
import { AppError } from '../../errors';
import { route } from '../../route';
import type { SessionUser } from '../../types';
import { runClockAction } from './clock-routes';
import type { Tooling } from './register';

const MAX_ADVANCE_MS = 366 * 86_400_000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Every address a request says it was forwarded for (X-Forwarded-For, X-Real-IP, Forwarded's for=). */
function forwardedFor(request: FastifyRequest): string[] {
  const header = (name: string) => [request.headers[name] ?? []].flat().join(',');
  const listed = header('x-forwarded-for')
    .split(',')
    .concat(header('x-real-ip').split(','))
    .concat([...header('forwarded').matchAll(/for="?\[?([^\]";,]+)/gi)].map((m) => m[1] ?? ''));
  return listed.map((a) => a.trim()).filter(Boolean);
}

/**
 * Moving everyone's clock and resetting the database answer only to this machine (a dev server listens on
 * 0.0.0.0 so a phone can reach it; the phone may play, not reset). Decided by the socket's own address,
 * whatever TRUST_PROXY says, and refused as soon as a proxy says it forwards for anyone else: Vite's proxy
 * (xfwd) and nginx name the browser's address, so a phone behind either is not this machine.
 */
function loopbackOnly(request: FastifyRequest): void {
  const socket = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(socket) || forwardedFor(request).some((a) => !LOOPBACK.has(a)))
    throw new AppError(Code.NOT_FOUND, { status: 404 });
}

/** The player client's dev panel (development mode only, see shared/contract/dev.ts). */
export function devRoutes(app: FastifyInstance, tooling: Tooling) {
  const state = async (user: SessionUser | null) => {
    const row = user ? await app.services.users.byId(user.id) : undefined;
    return {
      clock: { now: app.clock.iso(), manilaDay: manilaDay(app.clock.now()), frozen: app.clock.frozen },
      scenario: await tooling.scenarios.current(),
      persona: row ? { uid: row.uid, username: row.username } : null,
      scenarios: (await tooling.scenarios.list()).map((s) => ({
        name: s.name,
        title: s.title,
        personas: s.personas.map(({ uid: _uid, ...p }) => p),
      })),
      counterEvents: Object.keys(COUNTER_EVENTS),
    };
  };

  route(app, contract.devState, ({ user }) => state(user));
  route(app, contract.devClock, ({ body, user, request }) => {
    loopbackOnly(request);
    if (body.action !== undefined) {
      runClockAction(app.clock, body.action);
      return state(user);
    }
    const ms = parseDuration(body.advance ?? '');
    if (ms === undefined || ms > MAX_ADVANCE_MS) throw new AppError(Code.OPS_BAD_DURATION);
    app.clock.advance(ms);
    return state(user);
  });
  route(app, contract.devScenario, async ({ params, request }) => {
    loopbackOnly(request);
    await tooling.scenarios.load(params.name);
    return state(null);
  });
  route(app, contract.devPush, ({ body, user }) => ({ sid: app.socket.push(user.id, body.event, body.value) }));
}
