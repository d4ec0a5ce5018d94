import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconChat } from '../../components/icons';
import { LinkCard, Page, Section } from '../../components/page';
import { ErrorState, Skeleton, SkeletonList } from '../../components/states';
import { DepositLimits } from '../../features/responsible/components/deposit-limits';
import { BreakStatus, TakeBreak } from '../../features/responsible/components/play-break';
import { RealityCheckSetting } from '../../features/responsible/components/reality-check';
import type { BreakChoice } from '../../features/responsible/responsible-rules';
import { useResponsibleStore } from '../../features/responsible/store';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../features/responsible/components/responsible.css';

function LimitsSkeleton() {
  return (
    <div className="rg-limits" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rg-limit">
          <Skeleton height={18} width="50%" />
          <Skeleton height={8} />
          <Skeleton height={12} width="80%" />
        </div>
      ))}
    </div>
  );
}

/**
 * Responsible gaming (issue 29 item 3): the break running (first, when there is one), the deposit, loss and
 * wager limits per day, week and month, the reality-check interval, and taking a break (cool-off or
 * self-exclusion) after a confirmation.
 */
export default function ResponsiblePage() {
  const { t } = useTranslation();
  const { state, error, load, setLimit, setPlayLimit, setRealityCheck, takeBreak, reset } = useResponsibleStore();

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per visit
  useEffect(() => {
    void load();
    return reset;
  }, []);

  const take = async (choice: BreakChoice) => {
    const next = await takeBreak(choice.kind, choice.length);
    const until = next.playBreak?.until;
    toast.success(
      until ? t('responsible.status.started', { date: formatDateTime(until) }) : t('responsible.status.startedForGood'),
    );
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Page title={t('titles.responsible')} className="rg-page">
      {state ? (
        <>
          {state.playBreak ? (
            <BreakStatus playBreak={state.playBreak}>
              <Link to="/finance/withdraw" className="btn btn--outline btn--sm rg-status__action">
                <span className="btn__label">{t('responsible.status.withdraw')}</span>
              </Link>
            </BreakStatus>
          ) : (
            <p className="rg-intro">{t('responsible.intro')}</p>
          )}
          <Section title={t('responsible.limits.title')}>
            <DepositLimits limits={state.depositLimits} onSave={setLimit} />
          </Section>
          <Section title={t('responsible.lossLimits.title')}>
            <DepositLimits
              kind="loss"
              limits={state.lossLimits}
              onSave={(period, amount) => setPlayLimit('loss', period, amount)}
            />
          </Section>
          <Section title={t('responsible.wagerLimits.title')}>
            <DepositLimits
              kind="wager"
              limits={state.wagerLimits}
              onSave={(period, amount) => setPlayLimit('wager', period, amount)}
            />
          </Section>
          <Section title={t('responsible.reality.title')}>
            <RealityCheckSetting minutes={state.realityCheckMinutes} onSave={setRealityCheck} />
          </Section>
          <Section title={state.playBreak ? t('responsible.break.titleLonger') : t('responsible.break.title')}>
            <TakeBreak playBreak={state.playBreak} onTake={take} />
          </Section>
          <LinkCard
            to="/livechat"
            icon={<IconChat size={22} />}
            title={t('responsible.help.title')}
            text={t('responsible.help.text')}
          />
        </>
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void load()} />
      ) : (
        <>
          <Section title={t('responsible.limits.title')}>
            <LimitsSkeleton />
          </Section>
          <Section title={t('responsible.break.title')}>
            <SkeletonList rows={2} />
          </Section>
        </>
      )}
    </Page>
  );
}
