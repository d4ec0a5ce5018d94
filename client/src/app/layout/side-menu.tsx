import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconButton } from '../../components/button';
import { Modal } from '../../components/dialog';
import {
  IconCalendar,
  IconChat,
  IconCrown,
  IconEye,
  IconEyeOff,
  IconGamepad,
  IconGift,
  IconList,
  IconMail,
  IconPause,
  IconSettings,
  IconShield,
  IconTicket,
  IconUser,
  IconWallet,
} from '../../components/icons';
import { Avatar } from '../../components/logo';
import { LogoutButton } from '../../components/logout-button';
import { useAccountStore } from '../../features/account/store';
import { useChatStore } from '../../features/chat/store';
import { useUserStore } from '../../features/user/store';
import { APP_VERSION } from '../../lib/device';
import { formatMoney } from '../../lib/format';
import { useOverlayStore } from '../../lib/overlays';
import { playSound } from '../../lib/sound';
import { paths, profileWith } from '../paths';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  badge?: number;
}

/** Reloads the app with a time-stamp query (the version line of the side menu). */
export function reloadWithTimestamp(loc: Location = window.location): void {
  const url = new URL(loc.href);
  url.searchParams.set('t', String(Date.now()));
  loc.replace(url.toString());
}

/**
 * The side menu of spec section 2: slides from the right, closes on overlay click; avatar, username,
 * hideable balance, quick buttons, the list with badges and the current route highlighted, logout with
 * confirmation, and the app version that reloads the app.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const open = useOverlayStore((s) => s.showSideMenu);
  const setOpen = useOverlayStore((s) => s.setSideMenu);
  const user = useUserStore((s) => s.userInfo);
  const balance = useAccountStore((s) => s.balance?.userAccountVO.balance);
  const hidden = useAccountStore((s) => s.hideBalance);
  const toggleHidden = useAccountStore((s) => s.toggleHideBalance);
  const badge = useAccountStore((s) => s.badge);
  const chatUnread = useChatStore((s) => s.unread);
  const close = () => {
    playSound('close');
    setOpen(false);
  };

  const items: Item[] = [
    { to: paths.gameRecord, label: t('menu.gameRecords'), icon: <IconGamepad size={20} /> },
    { to: paths.records, label: t('menu.records'), icon: <IconList size={20} /> },
    { to: paths.vip, label: t('menu.vip'), icon: <IconCrown size={20} />, badge: badge.vipTabRewardsNum },
    { to: paths.event, label: t('menu.events'), icon: <IconGift size={20} /> },
    { to: paths.inbox, label: t('menu.inbox'), icon: <IconMail size={20} />, badge: badge.letterUnreadNum },
    { to: paths.redeem, label: t('menu.redeem'), icon: <IconTicket size={20} /> },
    { to: `${paths.event}?tab=task`, label: t('menu.task'), icon: <IconList size={20} />, badge: badge.taskRewardNum },
    {
      to: `${paths.event}?tab=signIn`,
      label: t('menu.bonus30Day'),
      icon: <IconCalendar size={20} />,
      badge: badge.loginBonusRewardNum,
    },
    {
      to: `${paths.event}?tab=dailyDeposit`,
      label: t('menu.dailyDepositBonus'),
      icon: <IconWallet size={20} />,
      badge: badge.dailyDepositSign,
    },
    { to: `${paths.event}?tab=returnGift`, label: t('menu.returnGiftPack'), icon: <IconGift size={20} /> },
  ];
  const more: Item[] = [
    { to: paths.livechat, label: t('menu.chat'), icon: <IconChat size={20} />, badge: chatUnread },
    { to: profileWith('security'), label: t('menu.security'), icon: <IconShield size={20} /> },
    { to: paths.responsible, label: t('menu.responsible'), icon: <IconPause size={20} /> },
    { to: profileWith('settings'), label: t('menu.settings'), icon: <IconSettings size={20} /> },
  ];
  const isCurrent = (to: string) => {
    const [path, query] = to.split('?');
    if (path !== location.pathname) return false;
    return query ? location.search === `?${query}` : true;
  };
  const renderItem = (item: Item) => (
    <li key={item.to}>
      <Link
        to={item.to}
        className={`menu-item${isCurrent(item.to) ? ' is-current' : ''}`}
        aria-current={isCurrent(item.to) ? 'page' : undefined}
        onClick={() => setOpen(false)}
      >
        <span className="menu-item__icon">{item.icon}</span>
        <span className="menu-item__label">{item.label}</span>
        {item.badge ? (
          <span className="badge">
            <span aria-hidden="true">{item.badge > 99 ? '99+' : item.badge}</span>
            <span className="visually-hidden">{t('menu.unreadCount', { count: item.badge })}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );

  return (
    <Modal open={open && user !== null} onClose={close} variant="side" className="side-menu" title={t('menu.title')}>
      {user ? (
        <>
          <div className="side-menu__user">
            <Avatar src={user.avatar} size={48} />
            <div className="side-menu__who">
              <p className="side-menu__name">{user.username}</p>
              <p className="side-menu__balance">
                <span className="visually-hidden">{t('header.balance')}: </span>
                <span data-testid="side-balance">{hidden ? '-' : `₱ ${formatMoney(balance)}`}</span>
                <IconButton
                  label={hidden ? t('menu.showBalance') : t('menu.hideBalance')}
                  aria-pressed={hidden}
                  className="side-menu__eye"
                  onClick={toggleHidden}
                >
                  {hidden ? <IconEyeOff size={18} /> : <IconEye size={18} />}
                </IconButton>
              </p>
            </div>
          </div>
          <div className="quick-buttons">
            <Link to={paths.profile} className="quick-button" onClick={() => setOpen(false)}>
              <IconUser size={22} />
              <span>{t('menu.account')}</span>
            </Link>
            <Link to={paths.recharge} className="quick-button" onClick={() => setOpen(false)}>
              <IconWallet size={22} />
              <span>{t('menu.deposit')}</span>
            </Link>
            <Link to={paths.withdraw} className="quick-button" onClick={() => setOpen(false)}>
              <IconWallet size={22} />
              <span>{t('menu.withdraw')}</span>
            </Link>
          </div>
          <nav aria-label={t('menu.title')}>
            <ul className="menu-list">{items.map(renderItem)}</ul>
            <ul className="menu-list menu-list--more">{more.map(renderItem)}</ul>
          </nav>
          <LogoutButton className="side-menu__logout" onConfirmed={() => setOpen(false)} />
          <button type="button" className="side-menu__version" onClick={() => reloadWithTimestamp()}>
            {t('menu.version', { version: APP_VERSION })}
          </button>
        </>
      ) : null}
    </Modal>
  );
}
