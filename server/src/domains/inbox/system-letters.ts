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
  kycReason: (userId: number) => Promise<string>;
  username: (userId: number) => Promise<string>;
  isGuest: (userId: number) => Promise<boolean>;
  withdrawal: (orderNo: string) => Promise<{ amount: number; remark: string } | undefined>;
}) {
  const { events, inbox, log } = deps;
  /** Never rejects: a letter that cannot be written is logged. */
  const write = async (
    userId: number,
    template: string,
    reference: string,
    text: () => Promise<LetterText | undefined> | LetterText | undefined,
  ) => {
    try {
      const letter = await text();
      if (letter) await inbox.write(userId, letter, { template, reference });
    } catch (error) {
      log.error({ err: error, userId, template }, 'system letter not written');
    }
  };

  // A guest account is announced when it is created and again when it signs up: only the second welcomes.
  events.on('user.registered', ({ userId }) => {
    return write(userId, 'welcome', '', async () =>
      (await deps.isGuest(userId)) ? undefined : systemLetters.welcome(await deps.username(userId)),
    );
  });
  events.on('deposit.succeeded', ({ userId, orderNo, amount }) => {
    return write(userId, 'deposit', orderNo, () => systemLetters.deposit(orderNo, amount));
  });
  events.on('withdraw.changed', ({ userId, orderNo, to }) => {
    return write(userId, 'withdraw', orderNo, async () => {
      const order = await deps.withdrawal(orderNo);
      if (!order) return undefined;
      if (to === WITHDRAW_STATUS.SUCCESS) return systemLetters.withdrawPaid(orderNo, order.amount);
      if (to === WITHDRAW_STATUS.FAILED) return systemLetters.withdrawFailed(orderNo, order.amount, order.remark);
      if (to === WITHDRAW_STATUS.REJECTED) return systemLetters.withdrawRejected(orderNo, order.amount, order.remark);
      if (to === WITHDRAW_STATUS.EXCEPTION) return systemLetters.withdrawException(orderNo, order.amount);
      return undefined;
    });
  });
  events.on('kyc.decided', ({ userId, status }) => {
    return write(userId, 'kyc', '', async () =>
      status === 'verified' ? systemLetters.kycVerified() : systemLetters.kycRejected(await deps.kycReason(userId)),
    );
  });
}
