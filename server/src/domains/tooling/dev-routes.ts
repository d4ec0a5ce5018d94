import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/dev';
import { COUNTER_EVENTS } from '../../../../shared/socket';
import { manilaDay, parseDuration } from '../../../../shared/time';
import { AppError } from '../../errors';
import { route } from '../../route';
import type { SessionUser } from '../../types';
import type { Tooling } from './register';

const MAX_ADVANCE_MS = 366 * 86_400_000;

/** The player client's dev panel (development mode only, see shared/contract/dev.ts). */
export function devRoutes(app: FastifyInstance, tooling: Tooling) {
  const state = (user: SessionUser | null) => {
    const row = user ? app.services.users.byId(user.id) : undefined;
    return {
      clock: { now: app.clock.iso(), manilaDay: manilaDay(app.clock.now()) },
      scenario: tooling.scenarios.current(),
      persona: row ? { uid: row.uid, username: row.username } : null,
      scenarios: tooling.scenarios
        .list()
        .map((s) => ({ name: s.name, title: s.title, personas: s.personas.map(({ uid: _uid, ...p }) => p) })),
      counterEvents: Object.keys(COUNTER_EVENTS),
    };
  };

  route(app, contract.devState, ({ user }) => state(user));
  route(app, contract.devClock, ({ body, user }) => {
    const ms = parseDuration(body.advance);
    if (ms === undefined || ms > MAX_ADVANCE_MS) throw new AppError(Code.OPS_BAD_DURATION);
    app.clock.advance(ms);
    return state(user);
  });
  route(app, contract.devScenario, async ({ params }) => {
    await tooling.scenarios.load(params.name);
    return state(null);
  });
  route(app, contract.devPush, ({ body, user }) => ({ sid: app.socket.push(user.id, body.event, body.value) }));
}
