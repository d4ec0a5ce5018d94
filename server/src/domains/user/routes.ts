import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '../../../../shared/contract/user';
import { SESSION_ROTATED as ROTATED } from '../../plugins/session.service';
import { route } from '../../route';
import { AVATAR_IDS, avatarUrl } from './avatars';
import type { RequestMeta, UserService } from './service';

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  deviceId: String(request.headers.deviceid ?? ''),
});

export function userRoutes(app: FastifyInstance, users: UserService) {
  const secure = app.config.publicUrl.startsWith('https://');

  async function startSession(userId: number, request: FastifyRequest, reply: FastifyReply, reason?: string) {
    const { token, maxAgeSeconds } = await app.sessions.start(
      userId,
      { ...requestMeta(request), userAgent: String(request.headers['user-agent'] ?? '') },
      reason,
    );
    reply.setCookie(app.sessions.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: maxAgeSeconds,
    });
    return users.info(userId);
  }

  /** After a security change: a new session id and cookie for this device, every other session ended. */
  const rotateSession = (userId: number, request: FastifyRequest, reply: FastifyReply) =>
    startSession(userId, request, reply, ROTATED);

  route(app, contract.register, async ({ body, request, reply, succeed }) => {
    const userId = await users.register(body, requestMeta(request));
    succeed('registered');
    return startSession(userId, request, reply);
  });

  route(app, contract.registerFlag, ({ body, request }) => users.registerFlag(body, requestMeta(request)));

  route(app, contract.login, async ({ body, request, reply, succeed }) => {
    const userId = await users.login(body, requestMeta(request));
    succeed('loggedIn');
    return startSession(userId, request, reply);
  });

  route(app, contract.guestLogin, async ({ request, reply }) => {
    const userId = await users.guest(requestMeta(request));
    return startSession(userId, request, reply);
  });

  route(app, contract.guestSignUp, async ({ user, body, request, reply, succeed }) => {
    await users.signUpGuest(user, body, requestMeta(request));
    succeed('registered');
    // The session knew a guest: a new one (new cookie) knows the registered account.
    return rotateSession(user.id, request, reply);
  });

  route(app, contract.logout, async ({ user, reply, succeed }) => {
    await app.sessions.end(user);
    reply.clearCookie(app.sessions.cookieName, { path: '/', secure });
    succeed('loggedOut');
    return null;
  });

  route(app, contract.userInfo, ({ user }) => users.info(user.id));
  route(app, contract.userBase, ({ user }) => users.base(user.id));
  route(app, contract.modifyUser, async ({ user, body, request, reply, succeed }) => {
    const info = await users.modify(user, body);
    succeed('profileSaved');
    // A new phone number is a security change (it receives the reset codes).
    return body.phone !== undefined ? rotateSession(user.id, request, reply) : info;
  });
  route(app, contract.avatars, () => AVATAR_IDS.map((id) => ({ id, url: avatarUrl(id) })));

  route(app, contract.bindSuperior, async ({ user, body, succeed }) => {
    await users.bindSuperior(user, body.inviteCode);
    succeed('superiorBound');
    return null;
  });

  route(app, contract.sendRegisterSms, ({ body, request, succeed }) => {
    const result = users.sendRegisterSms(body.phone, requestMeta(request));
    succeed('smsSent');
    return result;
  });
  route(app, contract.sendBindSms, ({ user, body, request, succeed }) => {
    const result = users.sendBindSms(user, body.phone, requestMeta(request));
    succeed('smsSent');
    return result;
  });
  route(app, contract.sendResetLoginSms, ({ body, request, succeed }) => {
    const result = users.sendResetLoginSms(body.phone, requestMeta(request));
    succeed('smsSent');
    return result;
  });
  route(app, contract.sendResetTradeSms, ({ user, request, succeed }) => {
    const result = users.sendResetTradeSms(user, requestMeta(request));
    succeed('smsSent');
    return result;
  });
  route(app, contract.sendWithdrawSms, ({ user, request, succeed }) => {
    const result = users.sendWithdrawSms(user, requestMeta(request));
    succeed('smsSent');
    return result;
  });

  route(app, contract.resetLoginPassword, async ({ body, request, succeed }) => {
    await users.resetLoginPassword(body, requestMeta(request));
    succeed('passwordReset');
    return null;
  });
  route(app, contract.modifyLoginPassword, async ({ user, body, request, reply, succeed }) => {
    await users.changeLoginPassword(user, body.oldPassword, body.newPassword);
    succeed('passwordChanged');
    await rotateSession(user.id, request, reply);
    return null;
  });
  route(app, contract.modifyTradePassword, async ({ user, body, request, reply, succeed }) => {
    succeed(await users.setTradePassword(user, body.oldPassword, body.newPassword));
    await rotateSession(user.id, request, reply);
    return null;
  });
  route(app, contract.resetTradePassword, async ({ user, body, request, reply, succeed }) => {
    await users.resetTradePassword(user, body.code, body.password);
    succeed('tradePasswordReset');
    await rotateSession(user.id, request, reply);
    return null;
  });

  route(app, contract.share, ({ user }) => users.share(user.id));
  route(app, contract.follow, () => users.follow());
}
