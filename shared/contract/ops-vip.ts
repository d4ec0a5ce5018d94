import { z } from 'zod';
import { Code } from '../codes';
import { defineEndpoint } from './define';
import { friendCardSchema } from './friend';
import { vipCardSchema } from './vip';

const uidParams = z.strictObject({ uid: z.coerce.number().int().positive() });

/** What a tester needs to see of a player's VIP and friends state (the player's own two cards). */
export const opsUserVip = defineEndpoint({
  method: 'GET',
  path: '/ops/users/:uid/vip',
  access: 'ops',
  permission: 'players.read',
  summary: "A player's VIP card (level, totals, activeness, claimable rewards) and friends card",
  params: uidParams,
  data: z.object({
    uid: z.number().int(),
    username: z.string(),
    vip: vipCardSchema.omit({ levels: true }),
    friends: friendCardSchema,
  }),
  codes: [Code.OPS_NOT_FOUND],
});

export const opsVipEndpoints = [opsUserVip] as const;
