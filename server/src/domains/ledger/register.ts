import type { FastifyInstance } from 'fastify';
import { DEPOSIT_STATUS } from '../../../../shared/contract/recharge';
import { toPesos } from '../../../../shared/money';
import { ledgerOpsRoutes } from './ops-routes';
import { createRemarkBook, type RemarkBook } from './remarks';
import { ledgerRoutes } from './routes';
import { createLedgerService, type LedgerService } from './service';

declare module 'fastify' {
  interface AppServices {
    ledger: LedgerService;
    /** Domains provide the names their journal rows' remarks are shown with (account records). */
    remarks: RemarkBook;
  }
}

/** The ledger: the service, every player's account from registration, the balance routes. */
export function register(app: FastifyInstance) {
  const ledger = createLedgerService({
    db: app.db,
    clock: app.clock,
    // A bonus is lost only when nothing is left in play (docs/money.md "Wagering requirements"): the play
    // domain, registered below, answers at call time whether a round of the player is still open.
    roundsOpen: (userId) => app.services.play.hasOpenRound(userId),
  });
  const remarks = createRemarkBook();
  Object.assign(app.services, { ledger, remarks });

  app.events.on('user.registered', ({ userId }) => {
    return ledger.account(userId).catch((err) => app.log.error({ err, userId }, 'ledger: could not open the account'));
  });
  // Money writes still waiting for their group commit are committed before the database closes.
  app.addHook('onClose', async () => ledger.batch.flush());
  // The player hears every balance move on the socket (a paid deposit's too): the balance the move committed
  // when its emitter tells it (a wallet move's), else the balance alone, one read.
  const push = (userId: number, balance: number) =>
    app.socket.push(userId, 'balance.changed', { balance: toPesos(balance) });
  const pushBalance = (userId: number) => {
    void ledger
      .balance(userId)
      .then((balance) => push(userId, balance))
      .catch((err) => app.log.error({ err, userId }, 'ledger: could not push the balance'));
  };
  app.events.on('balance.moved', ({ userId, balance }) =>
    balance === undefined ? pushBalance(userId) : push(userId, balance),
  );
  app.events.on('deposit.settled', ({ userId, status }) => {
    if (status === DEPOSIT_STATUS.SUCCESS) pushBalance(userId);
  });

  ledgerRoutes(app, ledger, {
    remarks,
    risk: (account, facts) => app.services.withdrawals.risk(account, facts),
    // Pending pixel events are delivered once, by whichever of balance and fb/event/fetch asks first.
    fbEvents: (userId, pending) => app.services.config.takeFbEvents(userId, pending),
  });
  if (app.config.opsEnabled) ledgerOpsRoutes(app, ledger);
}
