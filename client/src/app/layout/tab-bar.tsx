import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { IconCrown, IconHome, IconMail, IconUser, IconWallet } from '../../components/icons';
import { useAccountStore } from '../../features/account/store';
import { playSound } from '../../lib/sound';
import { paths } from '../paths';

/**
 * The tab bar (56 px, fixed): Home (game), Vip, Wallet (deposit, raised), Inbox (unread badge), Profile.
 * The other labels of spec section 2 (Support, Help Slot, Promotions...) are reached from the lobby and the
 * side menu; see docs/client.md.
 */
export function TabBar() {
  const { t } = useTranslation();
  const unread = useAccountStore((s) => s.badge.letterUnreadNum);
  const vipRewards = useAccountStore((s) => s.badge.vipTabRewardsNum);
  const tabs = [
    { to: paths.game, label: t('tab.home'), icon: <IconHome size={22} /> },
    { to: paths.vip, label: t('tab.vip'), icon: <IconCrown size={22} />, badge: vipRewards },
    { to: paths.recharge, label: t('tab.wallet'), icon: <IconWallet size={24} />, raised: true },
    { to: paths.inbox, label: t('tab.inbox'), icon: <IconMail size={22} />, badge: unread },
    { to: paths.profile, label: t('tab.profile'), icon: <IconUser size={22} /> },
  ];
  return (
    <nav className="tab-bar" aria-label={t('tab.label')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          onClick={() => playSound('click')}
          className={({ isActive }) => `tab${isActive ? ' is-active' : ''}${tab.raised ? ' tab--raised' : ''}`}
        >
          <span className="tab__icon">
            {tab.icon}
            {tab.badge ? <span className="badge badge--tab">{tab.badge > 99 ? '99+' : tab.badge}</span> : null}
          </span>
          <span className="tab__label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
