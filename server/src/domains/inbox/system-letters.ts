import type { FastifyBaseLogger } from 'fastify';
import { WITHDRAW_STATUS } from '../../../../shared/contract/withdraw';
import type { EventBus } from '../../plugins/events';
import type { InboxService } from './service';
import { type LetterText, systemLetters } from './templates';

/**
 * The letters the system writes: welcome on registration (a guest's when it signs up, so once per account),
 * deposit credited, withdrawal paid, failed,
 * rejected or in exception, identity verified or rejected. A letter that cannot be written is logged,
 * never allowed to fail the money move that caused it.
 */
export function subscribeSystemLetters(deps: {
  events: EventBus;
  inbox: InboxService;
  log: FastifyBaseLogger;
  kycReason: (userId: number) => string;
  username: (userId: number) => string;
  isGuest: (userId: number) => boolean;
  withdrawal: (orderNo: string) => { amount: number; remark: string } | undefined;
}) {
  const { events, inbox, log } = deps;
  const write = (userId: number, template: string, reference: string, text: () => LetterText | undefined) => {
    try {
      const letter = text();
      if (letter) inbox.write(userId, letter, { template, reference });
    } catch (error) {
      log.error({ err: error, userId, template }, 'system letter not written');
    }
  };

  // A guest account is announced when it is created and again when it signs up: only the second welcomes.
  events.on('user.registered', ({ userId }) => {
    if (!deps.isGuest(userId)) write(userId, 'welcome', '', () => systemLetters.welcome(deps.username(userId)));
  });
  events.on('deposit.succeeded', ({ userId, orderNo, amount }) =>
    write(userId, 'deposit', orderNo, () => systemLetters.deposit(orderNo, amount)),
  );
  events.on('withdraw.changed', ({ userId, orderNo, to }) =>
    write(userId, 'withdraw', orderNo, () => {
      const order = deps.withdrawal(orderNo);
      if (!order) return undefined;
      if (to === WITHDRAW_STATUS.SUCCESS) return systemLetters.withdrawPaid(orderNo, order.amount);
      if (to === WITHDRAW_STATUS.FAILED) return systemLetters.withdrawFailed(orderNo, order.amount, order.remark);
      if (to === WITHDRAW_STATUS.REJECTED) return systemLetters.withdrawRejected(orderNo, order.amount, order.remark);
      if (to === WITHDRAW_STATUS.EXCEPTION) return systemLetters.withdrawException(orderNo, order.amount);
      return undefined;
    }),
  );
  events.on('kyc.decided', ({ userId, status }) =>
    write(userId, 'kyc', '', () =>
      status === 'verified' ? systemLetters.kycVerified() : systemLetters.kycRejected(deps.kycReason(userId)),
    ),
  );
}
