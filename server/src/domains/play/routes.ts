import type { FastifyInstance } from 'fastify';
import { gameRecords, gameUrl } from '../../../../shared/contract/game';
import * as wallet from '../../../../shared/contract/provider-wallet';
import { toPesos } from '../../../../shared/money';
import { manilaDayRange } from '../../../../shared/time';
import { route } from '../../route';
import { requestOrigin } from '../deposit/routes';
import type { PlayService } from './service';

export function playRoutes(app: FastifyInstance, play: PlayService) {
  route(app, gameUrl, ({ user, body, request }) =>
    // The caller's casino session: the game session it opens ends with it.
    play.launch(user, body.gameId, requestOrigin(request), request.lang),
  );

  route(app, gameRecords, async ({ user, params, query }) => {
    const filter = {
      userId: user.id,
      type: params.type === 'all' ? undefined : params.type,
      ...manilaDayRange(query.from, query.to),
      limit: query.size,
      offset: (query.page - 1) * query.size,
    };
    const totals = await play.roundsTotals(filter);
    return {
      list: (await play.roundsPage(filter)).map((r) => ({
        roundId: r.round_id,
        gameId: r.game_id,
        gameName: r.game_name,
        bet: toPesos(r.bet),
        win: toPesos(r.win),
        result: r.status === 'open' ? 'In progress' : r.result,
        createdAt: r.created_at,
      })),
      page: query.page,
      size: query.size,
      total: totals.count,
      totalBet: toPesos(totals.bet),
      totalWin: toPesos(totals.win),
    };
  });

  route(app, wallet.walletAuthenticate, async ({ body }) => await play.authenticate(body));
  route(app, wallet.walletBalance, ({ body }) => play.balance(body));
  route(app, wallet.walletBet, ({ body }) => play.bet(body));
  route(app, wallet.walletRaise, ({ body }) => play.raise(body));
  route(app, wallet.walletWin, ({ body }) => play.win(body));
  route(app, wallet.walletRollback, ({ body }) => play.rollback(body));
}
