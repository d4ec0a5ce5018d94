import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getRechargeMethods } from '../../features/wallet/api/get-recharge-methods';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

/** Spec sections 1 and 9: the first deposit is at least 500 pesos. */
const FIRST_DEPOSIT_MIN = 500;

/** Deposit: the e-wallet channels the operator has switched on, with their limits. */
export default function RechargePage() {
  const { t } = useTranslation();
  const methods = useRemote(getRechargeMethods);
  return (
    <Page title={t('titles.recharge')}>
      <p className="notice notice--info">{t('recharge.firstDeposit', { amount: formatMoney(FIRST_DEPOSIT_MIN) })}</p>
      <RemoteView
        state={methods}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title={t('recharge.none')} text={t('recharge.noneText')} />}
      >
        {(list) => (
          <Section title={t('recharge.channels')}>
            <ul className="rows">
              {list.map((m) => (
                <li key={m.code} className={`row${m.enabled ? '' : ' row--disabled'}`}>
                  <div className="row__main">
                    <p className="row__title">{m.name}</p>
                    <p className="row__meta">
                      {t('recharge.limits', { min: formatMoney(m.min), max: formatMoney(m.max) })}
                    </p>
                  </div>
                  <span className={`badge ${m.enabled ? 'badge--ok' : 'badge--muted'}`}>
                    {m.enabled ? t('recharge.available') : t('recharge.unavailable')}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        )}
      </RemoteView>
    </Page>
  );
}
