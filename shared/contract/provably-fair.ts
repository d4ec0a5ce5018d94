import { z } from 'zod';
import { Code } from '../codes';
import { defineEndpoint } from './define';

/**
 * The demo provider's public check of its rounds (docs/provably-fair.md): anyone recomputes a round from
 * its revealed server seed, client seed and nonce. Either a round id (once its server seed is revealed)
 * or the inputs themselves.
 */
const json = (what: string) => z.string().max(4000).describe(`${what}, as JSON text`);

export const verifyRound = defineEndpoint({
  method: 'GET',
  path: '/api/provider/verify',
  access: 'open',
  summary: 'Provably fair: recompute a game round from its revealed seeds',
  query: z
    .strictObject({
      roundId: z.string().max(64).optional().describe('A recorded round: its seeds, params and actions are looked up'),
      serverSeed: z.string().max(128).optional(),
      clientSeed: z.string().max(64).optional(),
      nonce: z.coerce.number().int().min(1).optional(),
      title: z.string().max(64).optional().describe("The title's key (the catalog's game code)"),
      params: json('What the page sent to open the round').optional(),
      actions: json('A stepped round’s actions in order (an array)').optional(),
    })
    .refine(
      (q) =>
        q.roundId !== undefined ||
        (q.serverSeed !== undefined && q.clientSeed !== undefined && q.nonce !== undefined && q.title !== undefined),
      { message: 'Give a roundId, or serverSeed, clientSeed, nonce, title and params' },
    ),
  data: z.object({
    roundId: z.string().nullable(),
    title: z.string(),
    name: z.string(),
    family: z.string(),
    serverSeed: z.string(),
    serverSeedHash: z.string().describe('SHA-256 of serverSeed, hex: what was shown before the round'),
    clientSeed: z.string(),
    nonce: z.number().int(),
    params: z.unknown(),
    actions: z.array(z.unknown()),
    done: z.boolean(),
    win: z.number().describe('Centavos, stake included'),
    result: z.string(),
    outcome: z.unknown(),
    recorded: z
      .object({ win: z.number(), result: z.string(), matches: z.boolean() })
      .nullable()
      .describe('For a round id: what was paid, and whether the recomputation agrees'),
  }),
  codes: [Code.BAD_REQUEST, Code.GAME_NOT_FOUND, Code.TRANSACTION_UNKNOWN, Code.ROUND_NOT_VERIFIABLE],
});

export const provablyFairEndpoints = [verifyRound] as const;
