import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contract/ops';
import { RuleMessage } from '../../../shared/rules';
import { manilaDay, parseDuration } from '../../../shared/time';
import type { UserRow } from '../domains/user/repo';
import { toUserInfo } from '../domains/user/service';
import { AppError } from '../errors';
import { route } from '../route';
import { opsMoneyRoutes } from './money';

/** The virtual clock stays within these instants, so every date the server writes stays valid. */
export const CLOCK_MIN_MS = Date.parse('2000-01-01T00:00:00Z');
export const CLOCK_MAX_MS = Date.parse('2200-01-01T00:00:00Z');
const inClockRange = (ms: number) => Number.isFinite(ms) && ms >= CLOCK_MIN_MS && ms < CLOCK_MAX_MS;

/** The operator API under /ops (admin token). Registered only when OPS_ENABLED is true. */
export const opsRoutes = fp(
  async (app: FastifyInstance) => {
    const { users, sms } = app.services;

    const clockState = () => ({
      now: app.clock.iso(),
      manilaDay: manilaDay(app.clock.now()),
      offsetMs: Math.round(app.clock.offset),
      frozen: app.clock.frozen,
    });

    const toOpsUser = (row: UserRow) => ({
      ...toUserInfo(row),
      id: row.id,
      status: row.status,
      statusReason: row.status_reason,
      phoneNumber: row.phone ?? '',
      realName: row.real_name,
      birthDate: row.birth_date,
      email: row.email,
      superiorUid: row.superior_id === null ? null : (users.repo.byId(row.superior_id)?.uid ?? null),
      createdAt: row.created_at,
    });

    const userByUid = (uid: number) => {
      const row = users.repo.byUid(uid);
      if (!row) throw new AppError(Code.OPS_NOT_FOUND);
      return row;
    };

    route(app, contract.smsOutbox, ({ query }) =>
      sms.outbox(query.phone ?? '', query.limit).map((m) => ({
        id: m.id,
        phone: m.phone,
        purpose: m.purpose,
        code: m.code,
        text: m.text,
        createdAt: m.created_at,
        expiresAt: m.expires_at,
        usedAt: m.used_at,
      })),
    );

    route(app, contract.getClock, clockState);
    route(app, contract.setClock, ({ body }) => {
      if (body.set !== undefined) {
        const target = Date.parse(body.set);
        if (!inClockRange(target)) {
          throw new AppError(Code.VALIDATION, { data: [{ field: 'set', message: RuleMessage.format }] });
        }
        app.clock.set(new Date(target));
      } else {
        const ms = parseDuration(body.advance ?? '');
        // A time past the range would break every date the server writes (and be stored as the offset).
        if (ms === undefined || !inClockRange(app.clock.nowMs() + ms)) throw new AppError(Code.OPS_BAD_DURATION);
        app.clock.advance(ms);
      }
      return clockState();
    });

    route(app, contract.listUsers, ({ query }) => users.repo.search(query.q, query.limit).map(toOpsUser));
    route(app, contract.getUser, ({ params }) => toOpsUser(userByUid(params.uid)));
    route(app, contract.setUserStatus, ({ params, body }) => {
      const row = userByUid(params.uid);
      app.db.transaction(() => users.repo.setStatus(row.id, body.status, body.reason))();
      if (body.status === 'suspended') app.sessions.revokeAllOf(row.id, 'suspended by operator');
      return toOpsUser(userByUid(params.uid));
    });
    route(app, contract.revokeUserSessions, ({ params }) => {
      app.sessions.revokeAllOf(userByUid(params.uid).id, 'revoked by operator');
      return null;
    });

    opsMoneyRoutes(app);
  },
  { name: 'ops', dependencies: ['domains'] },
);
