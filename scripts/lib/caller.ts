/**
 * How the bench and the crash test call the server: the one world-builder of server/src/test/world.ts
 * (also behind the tests' createTestApp), through app.inject in the server's own process or over HTTP.
 * Players are made through the real routes only, as a tester would: nothing is written to the database.
 */
import { md5 } from 'js-md5';
import { type Caller, must, type Player, TRADE_PASSWORD as TYPED_TRADE_PASSWORD } from '../../server/src/test/world';
import { signedBody } from '../../server/src/world/recipes';
import { Code } from '../../shared/codes';

export {
  type Answer,
  type Caller,
  type CallOptions,
  fund,
  httpCaller,
  injectCaller,
  logIn,
  makeWithdrawReady,
  must,
  newPlayer,
  type Player,
  solvedCaptcha,
  withdrawCode,
} from '../../server/src/test/world';

/** The transaction password as the API receives it (md5 of what was typed). */
export const TRADE_PASSWORD = md5(TYPED_TRADE_PASSWORD);

/** A game session at the demo provider: launch a playable house game and exchange the launch token. */
export async function providerSession(
  call: Caller,
  p: Pick<Player, 'cookie' | 'ip'>,
  providerSecret: string,
): Promise<string> {
  const playable: number[] = [];
  for (const page of [1, 2]) {
    const games = await must(
      call<{ list: { id: number; playable: boolean }[] }>(
        'GET',
        `/api/open/game/fetch?type=default&page=${page}&size=100`,
      ),
      'games',
    );
    playable.push(...games.body.data.list.filter((g) => g.playable).map((g) => g.id));
  }
  for (const gameId of playable) {
    const url = await call<{ playUrl: string }>('POST', '/api/game/getUrl', {
      cookie: p.cookie,
      ip: p.ip,
      body: { gameId },
    });
    // The player's own session ended: no other game would launch either (the caller logs in again).
    if (url.body.code === Code.SESSION_INVALID) throw new Error('the player session ended');
    const launchToken = url.body.success
      ? new URL(url.body.data.playUrl, 'http://localhost').searchParams.get('token')
      : null;
    if (!launchToken) continue;
    const auth = await call<{ sessionToken: string }>('POST', '/api/provider/wallet/authenticate', {
      body: signedBody({ launchToken }, providerSecret),
    });
    if (auth.body.success) return auth.body.data.sessionToken;
  }
  throw new Error('no game of the demo provider could be launched');
}

/** A signed provider wallet body. */
export const signed = (fields: Record<string, string>, secret: string) => signedBody(fields, secret);

/**
 * Reward claims that other areas add; the first one this build registers is the one measured (the
 * crash test and the bench take `--claim METHOD:PATH` to choose another).
 */
export const CLAIM_CANDIDATES = [
  'POST:/api/vip/card/daily/rewards/claim',
  'POST:/api/vip/card/monthly/rewards/claim',
  'POST:/api/letter/claim',
  'POST:/api/invite/rankings/claim',
];
