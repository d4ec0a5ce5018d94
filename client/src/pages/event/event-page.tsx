import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Badge } from '../../../../shared/contract/account';
import type { Reward } from '../../../../shared/contract/reward';
import { IconCards, IconChevronRight, IconCrown, IconGift, IconTicket, IconTrophy } from '../../components/icons';
import { Page } from '../../components/page';
import { useAccountStore } from '../../features/account/store';
import { DailyDeposit } from '../../features/task/components/daily-deposit';
import { ReturnGift } from '../../features/task/components/return-gift';
import { SignInCalendar } from '../../features/task/components/sign-in-calendar';
import { TaskList } from '../../features/task/components/task-list';
import { useOverlayStore } from '../../lib/overlays';
import '../../styles/inbox.css';

/** The tabs of /event: `?tab=` lets the side menu open Task, 30 Day Bonus, Daily Deposit Bonus and Return Gift Pack. */
export const EVENT_TABS = ['events', 'task', 'signIn', 'dailyDeposit', 'returnGift'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

type BadgeKey = keyof Badge;

const COUNTER_OF: Partial<Record<EventTab, BadgeKey>> = {
  task: 'taskRewardNum',
  signIn: 'loginBonusRewardNum',
  dailyDeposit: 'dailyDepositSign',
};

function EventList() {
  const { t } = useTranslation();
  const events = [
    { to: '/vip', title: t('events.vip'), text: t('events.vipText'), icon: <IconCrown size={28} /> },
    { to: '/pokerCollection', title: t('events.poker'), text: t('events.pokerText'), icon: <IconCards size={28} /> },
    {
      to: '/inviteRank',
      title: t('events.inviteRank'),
      text: t('events.inviteRankText'),
      icon: <IconTrophy size={28} />,
    },
    { to: '/redeem', title: t('events.redeem'), text: t('events.redeemText'), icon: <IconTicket size={28} /> },
    {
      to: '/finance/exchange',
      title: t('events.exchange'),
      text: t('events.exchangeText'),
      icon: <IconGift size={28} />,
    },
  ];
  return (
    <ul className="event-list">
      {events.map((e) => (
        <li key={e.to}>
          <Link to={e.to} className="event-card">
            <span className="event-card__icon">{e.icon}</span>
            <span className="event-card__text">
              <strong>{e.title}</strong>
              <span>{e.text}</span>
            </span>
            <IconChevronRight size={18} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Events: the promotions list, tasks and the daily bonuses, each with progress and claims. */
export default function EventPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as EventTab | null;
  const tab: EventTab = requested && EVENT_TABS.includes(requested) ? requested : 'events';
  const badge = useAccountStore((s) => s.badge);
  const openReward = useOverlayStore((s) => s.openReward);
  const tabs = useRef<HTMLDivElement>(null);
  // The side menu opens a tab far right: bring it into view.
  useEffect(() => {
    tabs.current
      ?.querySelector<HTMLElement>(`#event-tab-${tab}`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [tab]);

  const claimed = (counter: BadgeKey) => (rewards: Reward[]) => {
    useAccountStore.getState().decrement(counter);
    if (rewards.length > 0) openReward(rewards);
  };

  const labels: Record<EventTab, string> = {
    events: t('menu.events'),
    task: t('menu.task'),
    signIn: t('menu.bonus30Day'),
    dailyDeposit: t('menu.dailyDepositBonus'),
    returnGift: t('menu.returnGiftPack'),
  };
  const panels: Record<EventTab, ReactNode> = {
    events: <EventList />,
    task: <TaskList onRewards={claimed('taskRewardNum')} refreshKey={badge.taskRewardNum} />,
    signIn: <SignInCalendar onRewards={claimed('loginBonusRewardNum')} refreshKey={badge.loginBonusRewardNum} />,
    dailyDeposit: <DailyDeposit onRewards={claimed('dailyDepositSign')} refreshKey={badge.dailyDepositSign} />,
    returnGift: <ReturnGift onRewards={(rewards) => rewards.length > 0 && openReward(rewards)} />,
  };

  return (
    <Page title={t('titles.event')}>
      <div className="scroll-x">
        <div className="segmented event-tabs" role="tablist" aria-label={t('titles.event')} ref={tabs}>
          {EVENT_TABS.map((name) => {
            const counter = COUNTER_OF[name];
            const count = counter ? badge[counter] : 0;
            return (
              <button
                key={name}
                type="button"
                role="tab"
                id={`event-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="event-panel"
                className={`segmented__item${tab === name ? ' is-active' : ''}`}
                onClick={() => setParams(name === 'events' ? {} : { tab: name }, { replace: true })}
              >
                {labels[name]}
                {count > 0 ? <span className="badge letter-filter__count">{count > 99 ? '99+' : count}</span> : null}
              </button>
            );
          })}
        </div>
      </div>
      <div id="event-panel" role="tabpanel" aria-labelledby={`event-tab-${tab}`} className="event-panel">
        {panels[tab]}
      </div>
    </Page>
  );
}
