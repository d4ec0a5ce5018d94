import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { verifyRound } from '../../../../shared/contract/provably-fair';
import { AppError } from '../../errors';
import type { ProviderEngine } from './engine';
import { hashSeed } from './games/fair';
import { GameRuleError } from './games/kinds';

export interface VerifiableRound {
  round_id: string;
  title: string;
  server_seed_hash: string | null;
  client_seed: string | null;
  nonce: number | null;
  params: string;
  actions: string;
  win: number;
  result: string;
  state: string;
  done: number;
}

const parseJson = (text: string | undefined, fallback: unknown) => {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(Code.BAD_REQUEST);
  }
};

/**
 * GET /api/provider/verify: recomputes a round from a round id (once its server seed is revealed) or
 * from explicit seeds, nonce, title and parameters, with the same code that played it.
 */
export function verifyHandler(engine: ProviderEngine, roundOf: (id: string) => Promise<VerifiableRound | undefined>) {
  return async (q: z.output<typeof verifyRound.query>): Promise<z.output<typeof verifyRound.data>> => {
    let inputs: {
      title: string;
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      params: unknown;
      actions: unknown[];
    };
    let recorded: VerifiableRound | undefined;
    if (q.roundId !== undefined) {
      recorded = await roundOf(q.roundId);
      if (!recorded?.server_seed_hash || recorded.nonce === null) throw new AppError(Code.TRANSACTION_UNKNOWN);
      const serverSeed =
        (await engine.seeds.revealed(recorded.server_seed_hash)) ??
        (await engine.crash.revealed(recorded.server_seed_hash));
      // A round still open is never recomputed for anyone, whatever became of its seed.
      const open = recorded.state === 'betting' || (recorded.state === 'bet_placed' && recorded.done === 0);
      if (serverSeed === undefined || open) throw new AppError(Code.ROUND_NOT_VERIFIABLE);
      inputs = {
        title: recorded.title,
        serverSeed,
        clientSeed: recorded.client_seed ?? '',
        nonce: recorded.nonce,
        params: JSON.parse(recorded.params),
        actions: JSON.parse(recorded.actions) as unknown[],
      };
    } else {
      const actions = parseJson(q.actions, []);
      if (!Array.isArray(actions)) throw new AppError(Code.BAD_REQUEST);
      inputs = {
        title: q.title ?? '',
        serverSeed: q.serverSeed ?? '',
        clientSeed: q.clientSeed ?? '',
        nonce: q.nonce ?? 1,
        params: parseJson(q.params, {}),
        actions,
      };
    }
    let replayed: ReturnType<ProviderEngine['recompute']>;
    try {
      replayed = engine.recompute(inputs);
    } catch (error) {
      if (error instanceof GameRuleError || (error as Error).name === 'ZodError') throw new AppError(Code.BAD_REQUEST);
      throw error;
    }
    if (!replayed) throw new AppError(Code.GAME_NOT_FOUND);
    const win = replayed.round?.win ?? 0;
    const result = replayed.round?.result ?? 'Round not finished';
    return {
      roundId: recorded?.round_id ?? null,
      title: replayed.title.key,
      name: replayed.title.name,
      family: replayed.title.family,
      serverSeed: inputs.serverSeed,
      serverSeedHash: hashSeed(inputs.serverSeed),
      clientSeed: inputs.clientSeed,
      nonce: inputs.nonce,
      params: inputs.params,
      actions: inputs.actions,
      done: replayed.done,
      win,
      result,
      outcome: replayed.round?.outcome ?? null,
      recorded: recorded
        ? {
            win: recorded.win,
            result: recorded.result,
            matches: recorded.done === 1 && recorded.win === win && recorded.result === result,
          }
        : null,
    };
  };
}
