import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCards, IconChevronRight, IconCrown, IconGift, IconTicket, IconTrophy } from '../../components/icons';
import { Page } from '../../components/page';

/** Events: the promotions this product runs, each opening its own screen. */
export default function EventPage() {
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
    <Page title={t('titles.event')}>
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
    </Page>
  );
}
