import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { allEndpoints } from '../../../shared/contract';
import { Clock } from '../clock';
import { isAppError } from '../errors';
import { CLAIMS_PER_PLAYER, consumeClaim, isClaimPath, Limiter } from './rate-limit';

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
