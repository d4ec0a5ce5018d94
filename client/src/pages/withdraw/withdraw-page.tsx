import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Page, Section } from '../../components/page';
import { SkeletonList } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { useUserStore } from '../../features/user/store';
import { getWalletAccount } from '../../features/wallet/api/get-wallet-account';
import { WALLET_LABELS } from '../../features/wallet/components/wallet-labels';
import { appActions } from '../../lib/app-actions';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';

/** Spec sections 5 and 9. */
const WITHDRAW_MIN = 100;

/** Withdraw: what may be withdrawn now, the wallet it goes to (or binding one) and the rules. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const balance = useAccountStore((s) => s.balance);
  const openBindWallet = useOverlayStore((s) => s.openBindWallet);
  const wallet = useRemote(() => (user?.bind ? getWalletAccount() : Promise.resolve(null)), [user?.bind]);
  useEffect(() => {
    void appActions.refreshBalance().catch(() => {});
  }, []);
  return (
    <Page title={t('titles.withdraw')}>
      <Section title={t('withdraw.available')}>
        <p className="big-number">₱ {balance ? formatMoney(balance.userAccountVO.withdrawalAmount) : '-'}</p>
        {balance && balance.userAccountVO.surplus > 0 ? (
          <p className="notice notice--warning">
            {t('withdraw.turnoverOwed', { amount: formatMoney(balance.userAccountVO.surplus) })}
          </p>
        ) : null}
      </Section>
      <Section title={t('withdraw.wallet')}>
        {wallet.status === 'loading' ? (
          <SkeletonList rows={1} />
        ) : wallet.status === 'success' && wallet.data ? (
          <p className="bound-wallet__line">
            <strong>{WALLET_LABELS[wallet.data.bank]}</strong> +63 {wallet.data.account} · {wallet.data.name}
          </p>
        ) : user?.bind ? (
          <p className="form__note">{t('wallet.boundCannotChange')}</p>
        ) : (
          <>
            <p className="form__note">{t('withdraw.noWallet')}</p>
            <Button onClick={openBindWallet}>{t('security.bindWallet')}</Button>
          </>
        )}
      </Section>
      <Section title={t('withdraw.rules')}>
        <ul className="bullets">
          <li>{t('withdraw.minimum', { amount: formatMoney(WITHDRAW_MIN) })}</li>
          <li>{t('withdraw.vipNote')}</li>
          <li>{t('withdraw.kycNote')}</li>
          <li>{t('withdraw.resetNote')}</li>
        </ul>
        <Link to="/transactionHistory?tab=withdraw" className="link">
          {t('profile.withdrawalRecords')}
        </Link>
      </Section>
    </Page>
  );
}
