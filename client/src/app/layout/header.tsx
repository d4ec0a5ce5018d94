import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconButton } from '../../components/button';
import { IconHeadset, IconMenu } from '../../components/icons';
import { Avatar, Logo } from '../../components/logo';
import { Skeleton } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { useConfigStore } from '../../features/config/store';
import { useUserStore } from '../../features/user/store';
import { formatMoney } from '../../lib/format';
import { useOverlayStore } from '../../lib/overlays';
import { playSound } from '../../lib/sound';
import { paths } from '../paths';

export function useBrand() {
  const { t } = useTranslation();
  const brand = useConfigStore((s) => s.config?.brand);
  return { name: brand?.name || t('brand.defaultName'), logoUrl: brand?.logoUrl || undefined };
}

/**
 * The header of spec section 2. Short form (login, register, forgetPassword): logo and customer service.
 * Otherwise the logo (to game) and, when logged in, avatar, username, balance and the menu button with a
 * dot for unread letters; when not, LOGIN and SIGN UP.
 */
export function Header({ variant }: { variant: 'auth' | 'main' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useBrand();
  const user = useUserStore((s) => s.userInfo);
  const balance = useAccountStore((s) => s.balance?.userAccountVO.balance);
  const balanceFailed = useAccountStore((s) => s.balanceFailed);
  const unread = useAccountStore((s) => s.badge.letterUnreadNum);
  const openMenu = useOverlayStore((s) => s.setSideMenu);

  return (
    <header className="header">
      <Link to={paths.game} className="header__logo" aria-label={t('header.home', { name: brand.name })}>
        <Logo name={brand.name} logoUrl={brand.logoUrl} />
      </Link>
      <div className="header__end">
        {variant === 'auth' ? (
          <IconButton label={t('header.customerService')} onClick={() => navigate(paths.livechat)}>
            <IconHeadset size={22} />
          </IconButton>
        ) : user?.uid != null ? (
          <>
            <Link to={paths.profile} className="header__user" aria-label={t('header.account', { name: user.username })}>
              <Avatar src={user.avatar} size={32} />
              <span className="header__who">
                <span className="header__name">{user.username}</span>
                <span className="header__balance" data-testid="header-balance">
                  {balance === undefined && balanceFailed ? (
                    <>
                      <span aria-hidden="true">₱ -</span>
                      <span className="visually-hidden">{t('header.balanceUnavailable')}</span>
                    </>
                  ) : balance === undefined ? (
                    <Skeleton width={56} height={12} />
                  ) : (
                    <>
                      <span className="header__peso" aria-hidden="true">
                        ₱
                      </span>
                      <span className="visually-hidden">{t('header.balance')} </span>
                      {formatMoney(balance)}
                    </>
                  )}
                </span>
              </span>
            </Link>
            <IconButton
              label={unread > 0 ? t('header.menuUnread', { count: unread }) : t('header.menu')}
              className="header__menu"
              onClick={() => {
                playSound('open');
                openMenu(true);
              }}
            >
              <IconMenu size={24} />
              {unread > 0 ? <span className="dot" data-testid="menu-dot" /> : null}
            </IconButton>
          </>
        ) : (
          <>
            <Link to={paths.login} className="btn btn--outline btn--sm header__login">
              <span className="btn__label">{t('header.login')}</span>
            </Link>
            <Link to={paths.register} className="btn btn--primary btn--sm">
              <span className="btn__label">{t('header.signUp')}</span>
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
