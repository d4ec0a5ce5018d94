import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { allEndpoints, type Endpoint } from '../../../shared/contract';
import { Clock } from '../clock';
import { isAppError } from '../errors';
import { hashed, registerPlayer, testApp } from '../test/helpers';
import { CLAIMS_PER_PLAYER, consumeClaim, Limiter } from './rate-limit';

/** Marked in the contract for the claims limit (route.ts counts these). */
const isClaimPath = (path: string) =>
  (allEndpoints as readonly Endpoint[]).some((e) => e.path === path && e.rateLimit === 'claim');

describe('the claims limit', () => {
  it('covers every claim, draw, code and mall order of the contract and nothing else', () => {
    const covered = allEndpoints.filter((e) => e.method === 'POST' && isClaimPath(e.path)).map((e) => e.path);
    expect(covered).toEqual(
      expect.arrayContaining([
        '/api/vip/card/daily/rewards/claim',
        '/api/friend/card/deposit/rewards/claim',
        '/api/invite/rankings/claim',
        '/api/letter/claim',
        '/api/redemption/code/use',
        '/api/mallExchange/order',
        '/api/poker/draw',
      ]),
    );
    expect(isClaimPath('/api/withdraw/create')).toBe(false);
    expect(isClaimPath('/api/user/login')).toBe(false);
  });

  it('refuses a player past the limit with the wait, per player, until the window passes', () => {
    const clock = new Clock({ frozenAt: new Date('2026-11-20T02:00:00Z') });
    const limiter = new Limiter(clock);
    for (let i = 0; i < CLAIMS_PER_PLAYER.limit; i++) consumeClaim(limiter, 1);
    let refused: unknown;
    try {
      consumeClaim(limiter, 1);
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.code).toBe(Code.RATE_LIMITED);
    expect(() => consumeClaim(limiter, 2)).not.toThrow();
    clock.advance(CLAIMS_PER_PLAYER.windowMs);
    expect(() => consumeClaim(limiter, 1)).not.toThrow();
  });
});

describe('the claims limit on routes', () => {
  it('counts the calls of the endpoints marked for it, and only those', async () => {
    const app = await testApp();
    try {
      const { client, info } = await registerPlayer(app);
      const userId = app.services.users.byUid(info.uid)?.id as number;
      app.limiter.lifted = false;
      for (let i = 0; i < CLAIMS_PER_PLAYER.limit; i++) app.limiter.record(`claim:user:${userId}`);
      expect((await client.post('/api/poker/draw')).body.code).toBe(Code.RATE_LIMITED);
      expect((await client.post('/api/letter/claim', { id: 1 })).body.code).toBe(Code.RATE_LIMITED);
      expect(
        (await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed('trade123') })).body.success,
      ).toBe(true);
    } finally {
      await app.close();
    }
  });
});
