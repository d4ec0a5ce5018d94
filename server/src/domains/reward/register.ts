import type { FastifyInstance } from 'fastify';
import { createRewardGrants, type RewardGrants } from './grant';
import { readRewardWagering } from './wagering-policy';

declare module 'fastify' {
  interface AppServices {
    grants: RewardGrants;
  }
}

/** Reward grants: the one way every domain pays a reward (cash, points, coupons, energy). */
export function register(app: FastifyInstance) {
  const { ledger, deposits, users } = app.services;
  const grants = createRewardGrants({
    db: app.db,
    clock: app.clock,
    ledger,
    events: app.events,
    grantCoupon: deposits.grantCoupon,
    wagering: readRewardWagering(),
    isGuest: async (userId) => (await users.byId(userId))?.guest === 1,
  });
  Object.assign(app.services, { grants });
}
