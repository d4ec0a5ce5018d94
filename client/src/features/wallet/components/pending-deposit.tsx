import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { formatMoney } from '../../../lib/format';
import { useOverlayStore } from '../../../lib/overlays';
import { cancelDeposit, resumeDeposit } from '../api/pending-deposit';
import { useDepositStore } from '../store';
import type { Checkout } from '../use-checkout';

/**
 * Continue or cancel a Pending deposit (a checkout closed before paying): on the recharge screen and on
 * its record in the transaction history. Continue reopens the same checkout; cancel makes the order
 * Failed and gives its coupon back at once.
 */
export function PendingDepositActions({
  orderNo,
  amount,
  onResume,
}: {
  orderNo: string;
  amount: number;
  /** Opens the checkout; by default in the in-app frame. */
  onResume?(checkout: Checkout): void;
}) {
  const { t } = useTranslation();
  const resume = async () => {
    const order = await resumeDeposit(orderNo);
    const checkout = {
      orderNo,
      payUrl: order.payUrl,
      amount: order.amount,
      title: t('pendingDeposit.checkoutTitle', { amount: formatMoney(order.amount) }),
    };
    if (onResume) onResume(checkout);
    else useOverlayStore.getState().openFrame(checkout.payUrl, checkout.title);
  };
  const cancel = async () => {
    await cancelDeposit(orderNo);
    // the recharge form and the record lists read their orders and coupons again on this
    useDepositStore.getState().recordsChanged();
  };
  return (
    <div className="pending-deposit__actions" data-pending={orderNo} data-amount={formatMoney(amount)}>
      <Button size="sm" variant="primary" onClick={resume}>
        {t('pendingDeposit.resume')}
      </Button>
      <Button size="sm" variant="outline" onClick={cancel}>
        {t('pendingDeposit.cancel')}
      </Button>
    </div>
  );
}
