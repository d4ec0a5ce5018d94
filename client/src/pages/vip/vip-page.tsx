import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCards, IconCrown } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { RemoteView, SkeletonList } from '../../components/states';
import { useUserStore } from '../../features/user/store';
import { getVipCard } from '../../features/vip/api/get-vip-card';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

function Progress({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        <span>{Math.round(percent)}%</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress__bar" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
      </div>
    </div>
  );
}

/** VIP (tab): the player's level and, from /api/vip/card/fetch, status and rewards (claims come with the VIP screen). */
export default function VipPage() {
  const { t } = useTranslation();
  const level = useUserStore((s) => s.userInfo?.vip ?? 0);
  const card = useRemote(getVipCard);
  return (
    <Page title={t('titles.vip')} back={false}>
      <section className="card vip-hero">
        <IconCrown size={36} />
        <p className="vip-hero__level">VIP {level}</p>
        <p className="form__note">{t('vip.intro')}</p>
      </section>
      <RemoteView state={card} skeleton={<SkeletonList rows={3} />}>
        {(data) => (
          <>
            <Section title={t('vip.status')}>
              <Progress label={t('vip.activeness')} percent={data.activenessPercent} />
              <Progress label={t('vip.depositProgress')} percent={data.depositProgress.percent} />
              <Progress label={t('vip.turnoverProgress')} percent={data.turnoverProgress.percent} />
              {data.nextLevel !== null ? (
                <p className="form__note">{t('vip.next', { level: data.nextLevel })}</p>
              ) : null}
            </Section>
            <Section title={t('vip.rewards')}>
              <dl className="facts">
                <div>
                  <dt>{t('vip.daily')}</dt>
                  <dd>{formatMoney(data.daily.amount)}P</dd>
                </div>
                <div>
                  <dt>{t('vip.monthly')}</dt>
                  <dd>{formatMoney(data.monthly.amount)}P</dd>
                </div>
                <div>
                  <dt>{t('vip.depositRebate')}</dt>
                  <dd>{formatMoney(data.depositRebate.claimable)}P</dd>
                </div>
                <div>
                  <dt>{t('vip.turnoverRebate')}</dt>
                  <dd>{formatMoney(data.turnoverRebate.claimable)}P</dd>
                </div>
              </dl>
            </Section>
          </>
        )}
      </RemoteView>
      <Link to="/pokerCollection" className="card card--link">
        <IconCards size={24} /> <span>{t('vip.poker')}</span>
      </Link>
    </Page>
  );
}
