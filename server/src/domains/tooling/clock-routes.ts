import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import type { ClockAction } from '../../../../shared/contract/ops';
import * as contract from '../../../../shared/contract/ops';
import { RuleMessage } from '../../../../shared/rules';
import { manilaDay, parseDuration } from '../../../../shared/time';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { route } from '../../route';

/** The virtual clock stays within these instants, so every date the server writes stays valid. */
export const CLOCK_MIN_MS = Date.parse('2000-01-01T00:00:00Z');
export const CLOCK_MAX_MS = Date.parse('2200-01-01T00:00:00Z');
const inClockRange = (ms: number) => Number.isFinite(ms) && ms >= CLOCK_MIN_MS && ms < CLOCK_MAX_MS;

/** Freeze, resume or real (back to real time): the same for the operator route and the dev panel. */
export function runClockAction(clock: Clock, action: ClockAction): void {
  if (action === 'freeze') clock.freeze();
  else if (action === 'resume') clock.resume();
  else clock.real();
}

/** GET and POST /ops/clock: read, set, advance, freeze or resume the virtual clock, or go back to real time. */
export function clockOpsRoutes(app: FastifyInstance) {
  const clockState = () => ({
    now: app.clock.iso(),
    manilaDay: manilaDay(app.clock.now()),
    offsetMs: Math.round(app.clock.offset),
    frozen: app.clock.frozen,
  });

  route(app, contract.getClock, clockState);
  route(app, contract.setClock, ({ body }) => {
    if (body.set !== undefined) {
      const target = Date.parse(body.set);
      if (!inClockRange(target)) {
        throw new AppError(Code.VALIDATION, { data: [{ field: 'set', message: RuleMessage.format }] });
      }
      app.clock.set(new Date(target));
    } else if (body.action !== undefined) {
      runClockAction(app.clock, body.action);
    } else {
      const ms = parseDuration(body.advance ?? '');
      // A time past the range would break every date the server writes (and be stored as the offset).
      if (ms === undefined || !inClockRange(app.clock.nowMs() + ms)) throw new AppError(Code.OPS_BAD_DURATION);
      app.clock.advance(ms);
    }
    return clockState();
  });
}
