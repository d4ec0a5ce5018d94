import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WITHDRAW_MIN } from '../../../../shared/field-rules';
import { Button } from '../../components/button';
import { IconWallet } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { ErrorState, Skeleton, SkeletonList } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { useUserStore } from '../../features/user/store';
import { getKyc } from '../../features/wallet/api/get-kyc';
import { getWagering } from '../../features/wallet/api/get-wagering';
import { getWalletAccount } from '../../features/wallet/api/get-wallet-account';
import { getWithdrawLimits } from '../../features/wallet/api/get-withdraw-limits';
import { KycPanel, type KycState } from '../../features/wallet/components/kyc-panel';
import { WageringList } from '../../features/wallet/components/wagering-list';
import { WALLET_LABELS } from '../../features/wallet/components/wallet-labels';
import { WithdrawForm } from '../../features/wallet/components/withdraw-form';
import { useDepositStore } from '../../features/wallet/store';
import { appActions } from '../../lib/app-actions';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';
import '../../styles/wallet.css';

type Limits = Awaited<ReturnType<typeof getWithdrawLimits>>;

function LimitsLine({ limits }: { limits: Limits }) {
  const { t } = useTranslation();
  return (
    <dl className="facts facts--inline limits" data-testid="withdraw-limits">
      <div>
        <dt>{t('withdrawal.leftToday')}</dt>
        <dd>
          ₱ {formatMoney(limits.remainingAmount)}
          <span className="limits__of">{t('withdrawal.perDay', { amount: formatMoney(limits.dailyAmount) })}</span>
        </dd>
      </div>
      <div>
        <dt>{t('withdrawal.countToday')}</dt>
        <dd>
          {t('withdrawal.countLeft', { left: limits.remainingCount, total: limits.dailyCount })}
          <span className="limits__of">{t('withdrawal.atVip', { level: limits.vipLevel })}</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Withdraw (/finance/withdraw): what may be withdrawn, identity verification (with its form), the bound
 * wallet (or binding one), today's limits, and the form with the captcha and the transaction password.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const account = useAccountStore((s) => s.balance);
  const openBindWallet = useOverlayStore((s) => s.openBindWallet);
  const wallet = useRemote(() => (user?.bind ? getWalletAccount() : Promise.resolve(null)), [user?.bind]);
  const kycRemote = useRemote(getKyc);
  const [kycOverride, setKyc] = useState<KycState | null>(null);
  // The operator's decision arrives on the socket: read the verification again, without a loading state.
  const kycVersion = useDepositStore((s) => s.kycVersion);
  const kycVersionSeen = useRef(kycVersion);
  useEffect(() => {
    if (kycVersion === kycVersionSeen.current) return;
    kycVersionSeen.current = kycVersion;
    let alive = true;
    getKyc().then(
      (state) => alive && setKyc(state),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [kycVersion]);
  const limits = useRemote(getWithdrawLimits);
  // Read again whenever the balance moves (bets count toward the requirements, a withdrawal changes it).
  const balanceNow = account?.userAccountVO.balance;
  const wagering = useRemote(getWagering, [balanceNow]);
  const [lastOrder, setLastOrder] = useState<string | null>(null);
  useEffect(() => {
    void appActions.refreshBalance().catch(() => {});
  }, []);

  const kyc = kycOverride ?? (kycRemote.status === 'success' ? kycRemote.data : null);
  const vo = account?.userAccountVO;
  const available = vo?.withdrawalAmount ?? 0;
  const blocker = !kyc
    ? 'loading'
    : kyc.restricted
      ? t('withdrawal.blockRestricted')
      : kyc.status !== 'verified'
        ? t('withdrawal.blockKyc')
        : !user?.bind
          ? t('withdrawal.blockWallet')
          : vo && vo.surplus > 0
            ? t('withdraw.turnoverOwed', { amount: formatMoney(vo.surplus) })
            : available < WITHDRAW_MIN && wagering.status === 'success' && wagering.data.locked > 0 && vo
              ? t('wagering.blockLocked', { locked: formatMoney(wagering.data.locked) })
              : available < WITHDRAW_MIN
                ? t('withdrawal.blockBalance', { amount: formatMoney(WITHDRAW_MIN) })
                : null;

  return (
    <Page
      title={t('titles.withdraw')}
      actions={
        <Link to="/transactionHistory?tab=withdraw" className="page-bar__link">
          {t('withdrawal.records')}
        </Link>
      }
    >
      <section className="wallet-hero" aria-label={t('withdraw.available')}>
        <IconWallet size={22} />
        <span className="wallet-hero__label">{t('withdraw.available')}</span>
        <strong className="wallet-hero__amount" data-testid="withdrawable">
          ₱ {vo ? formatMoney(vo.withdrawalAmount) : '-'}
        </strong>
        <span className="wallet-hero__sub">
          {t('withdrawal.balance', { amount: vo ? formatMoney(vo.balance) : '-' })}
          {vo && vo.allAmount > vo.balance
            ? ` · ${t('withdrawal.frozen', { amount: formatMoney(vo.allAmount - vo.balance) })}`
            : ''}
        </span>
      </section>

      <Section title={t('kyc.title')}>
        {kycRemote.status === 'loading' && !kycOverride ? (
          <SkeletonList rows={1} />
        ) : kycRemote.status === 'error' && !kycOverride ? (
          <ErrorState message={kycRemote.error.message} onRetry={kycRemote.reload} />
        ) : kyc ? (
          <KycPanel state={kyc} onChange={setKyc} />
        ) : null}
      </Section>

      <Section title={t('withdraw.wallet')}>
        {wallet.status === 'loading' ? (
          <SkeletonList rows={1} />
        ) : wallet.status === 'success' && wallet.data ? (
          <p className="bound-wallet__line" data-testid="bound-wallet">
            <strong className={`wallet-name wallet-name--${wallet.data.bank}`}>
              {WALLET_LABELS[wallet.data.bank]}
            </strong>{' '}
            +63 {wallet.data.account} · {wallet.data.name}
          </p>
        ) : wallet.status === 'error' ? (
          <ErrorState message={wallet.error.message} onRetry={wallet.reload} />
        ) : user?.bind ? (
          <p className="form__note">{t('wallet.boundCannotChange')}</p>
        ) : (
          <>
            <p className="form__note">{t('withdraw.noWallet')}</p>
            <Button onClick={openBindWallet}>{t('security.bindWallet')}</Button>
          </>
        )}
      </Section>

      <Section title={t('wagering.title')}>
        {wagering.status === 'loading' ? (
          <SkeletonList rows={1} label={t('wagering.title')} />
        ) : wagering.status === 'error' ? (
          <ErrorState message={wagering.error.message} onRetry={wagering.reload} />
        ) : (
          <WageringList data={wagering.data} restricted={kyc?.restricted === true} />
        )}
      </Section>

      <Section title={t('withdrawal.formTitle')}>
        {limits.status === 'loading' ? (
          <Skeleton height={58} radius={12} />
        ) : limits.status === 'success' ? (
          <LimitsLine limits={limits.data} />
        ) : (
          <ErrorState message={limits.error.message} onRetry={limits.reload} />
        )}
        {blocker && blocker !== 'loading' ? <p className="notice notice--warning">{blocker}</p> : null}
        {lastOrder ? (
          <div className="notice notice--info" role="status">
            <p>{t('withdrawal.created', { orderNo: lastOrder })}</p>
            <Link to="/transactionHistory?tab=withdraw" className="link">
              {t('withdrawal.follow')}
            </Link>
          </div>
        ) : null}
        <WithdrawForm
          available={available}
          remainingToday={limits.status === 'success' ? limits.data.remainingAmount : null}
          disabled={blocker !== null}
          onDone={(record) => {
            setLastOrder(record.orderNo);
            limits.reload();
            void appActions.refreshBalance().catch(() => {});
          }}
        />
      </Section>

      <Section title={t('withdraw.rules')}>
        <ul className="bullets">
          <li>{t('withdraw.minimum', { amount: formatMoney(WITHDRAW_MIN) })}</li>
          <li>{t('withdraw.vipNote')}</li>
          <li>{t('withdraw.kycNote')}</li>
          <li>{t('withdraw.resetNote')}</li>
        </ul>
      </Section>
    </Page>
  );
}
