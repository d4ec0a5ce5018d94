import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Modal } from '../../components/dialog';
import { IconChat, IconWallet } from '../../components/icons';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { getRechargeMethods } from '../../features/wallet/api/get-recharge-methods';
import { DepositForm, DepositFormSkeleton } from '../../features/wallet/components/deposit-form';
import { useDepositStore } from '../../features/wallet/store';
import { type Checkout, useCheckout } from '../../features/wallet/use-checkout';
import { appActions } from '../../lib/app-actions';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { toast } from '../../lib/toast';
import '../../styles/wallet.css';

/**
 * Spec section 8: asked when the checkout closes without a payment. Customer service goes to live chat;
 * continuing reopens the same checkout when it was only closed (the order stays payable until it times
 * out), else goes back to the form.
 */
function DepositProblem({ open, onContinue, onClose }: { open: boolean; onContinue(): void; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal open={open} onClose={onClose} title={t('deposit.problemTitle')}>
      <p className="confirm__message">{t('deposit.problem')}</p>
      <div className="confirm__actions">
        <Button
          variant="secondary"
          onClick={() => {
            onClose();
            navigate('/livechat');
          }}
        >
          <IconChat size={18} /> {t('deposit.customerService')}
        </Button>
        <Button data-autofocus onClick={onContinue}>
          {t('deposit.continue')}
        </Button>
      </div>
    </Modal>
  );
}

/** Deposit (/finance/recharge): the form, the sandbox checkout in the in-app frame, the live balance. */
export default function RechargePage() {
  const { t } = useTranslation();
  const methods = useRemote(getRechargeMethods);
  const balance = useAccountStore((s) => s.balance?.userAccountVO.balance);
  const [problem, setProblem] = useState<{ checkout: Checkout; reopen: boolean } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const checkout = useCheckout((done, outcome) => {
    if (outcome !== 'paid') {
      setProblem({ checkout: done, reopen: outcome === 'closed' });
      // the order is Pending now: the form shows it (continue or cancel) and no longer offers its coupon
      useDepositStore.getState().recordsChanged();
    } else setFormKey((k) => k + 1); // paid: a fresh form (the first-deposit rule and coupons may have changed)
    void appActions.refreshBalance().catch(() => {});
  });

  // the socket says the order in the checkout is paid: tell the player at once (the header balance moves too)
  const toldPaid = useRef('');
  useEffect(() => {
    const order = checkout.current;
    if (!checkout.paidNow || !order || toldPaid.current === order.orderNo) return;
    toldPaid.current = order.orderNo;
    toast.success(t('deposit.paid', { amount: formatMoney(order.amount) }));
  }, [checkout.paidNow, checkout.current, t]);

  useEffect(() => {
    void appActions.refreshBalance().catch(() => {});
  }, []);

  return (
    <Page
      title={t('titles.recharge')}
      actions={
        <Link to="/transactionHistory?tab=deposit" className="page-bar__link">
          {t('deposit.records')}
        </Link>
      }
    >
      <section className="wallet-hero" aria-label={t('deposit.balance')}>
        <IconWallet size={22} />
        <span className="wallet-hero__label">{t('deposit.balance')}</span>
        <strong className="wallet-hero__amount" data-testid="recharge-balance">
          ₱ {balance === undefined ? '-' : formatMoney(balance)}
        </strong>
      </section>
      <RemoteView
        state={methods}
        skeleton={<DepositFormSkeleton />}
        isEmpty={(list) => !list.some((m) => m.enabled)}
        empty={
          <EmptyState
            title={t('recharge.none')}
            text={t('recharge.noneText')}
            action={
              <Link to="/livechat" className="btn btn--secondary">
                <span className="btn__label">{t('deposit.customerService')}</span>
              </Link>
            }
          />
        }
      >
        {(list) => <DepositForm key={formKey} methods={list} onCheckout={checkout.open} />}
      </RemoteView>
      <DepositProblem
        open={problem !== null}
        onClose={() => setProblem(null)}
        onContinue={() => {
          setProblem(null);
          // a checkout closed before paying is still payable: reopen it; after a decline the form starts over
          if (problem?.reopen) checkout.open(problem.checkout);
        }}
      />
    </Page>
  );
}
