import type { FastifyInstance } from 'fastify';
import { toPesos } from '../../../shared/money';

/** What domain events the player hears about on the socket. */
export function wirePushes(app: FastifyInstance) {
  const { ledger } = app.services;
  const pushBalance = (userId: number) => {
    const account = ledger.account(userId);
    app.socket.push(userId, 'balance.changed', { balance: toPesos(account.balance) });
  };
  app.events.on('deposit.settled', ({ userId, orderNo, status }) => {
    app.socket.push(userId, 'deposit.settled', { orderNo, status });
    if (status === 1) pushBalance(userId);
  });
  app.events.on('balance.moved', ({ userId }) => pushBalance(userId));
  // the withdrawal records screen follows its orders without polling
  app.events.on('withdraw.changed', ({ userId, orderNo, to }) =>
    app.socket.push(userId, 'withdraw.changed', { orderNo, status: to }),
  );
  // the withdraw screen shows the operator's identity decision without a reload
  app.events.on('kyc.decided', ({ userId, status }) => app.socket.push(userId, 'kyc.changed', { status }));
}
