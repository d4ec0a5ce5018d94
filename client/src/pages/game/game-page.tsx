import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { notices as noticesEndpoint } from '../../../../shared/contract/config';
import type { DataOf } from '../../../../shared/contract/define';
import { Button } from '../../components/button';
import { Modal } from '../../components/dialog';
import { IconChat, IconGift, IconHelp, IconInfo, IconSearch } from '../../components/icons';
import { LazyMarkdown } from '../../components/lazy-markdown';
import { EmptyState, ErrorState, Skeleton, SkeletonGrid } from '../../components/states';
import { getBanners } from '../../features/config/api/get-banners';
import { getNotices } from '../../features/config/api/get-notices';
import { getGames, type MenuCode } from '../../features/game/api/get-games';
import { GameGrid } from '../../features/game/components/game-tile';
import { launchGame } from '../../features/game/launch-game';
import { loadGameMenu } from '../../features/game/load-game-menu';
import { useGameStore } from '../../features/game/store';
import { useIsLoggedIn } from '../../features/user/store';
import { openExternal } from '../../lib/bridge';
import { readableTextOn } from '../../lib/color';
import { formatDate } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { playSound } from '../../lib/sound';

type Notice = DataOf<typeof noticesEndpoint>[number];

function Banners() {
  const { t } = useTranslation();
  const banners = useRemote(getBanners);
  if (banners.status === 'loading') return <Skeleton height="auto" radius={14} className="banner-skeleton" />;
  if (banners.status !== 'success' || banners.data.length === 0) return null;
  return (
    <section className="banners" aria-label={t('lobby.banners')}>
      {banners.data.map((banner, index) => {
        const image = (
          <img
            src={banner.imageUrl}
            alt={banner.title}
            width={390}
            height={150}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        );
        if (banner.linkType === 'route' && banner.link.startsWith('/')) {
          return (
            <Link key={banner.id} to={banner.link} className="banner">
              {image}
            </Link>
          );
        }
        if (banner.linkType === 'url' && /^https?:/.test(banner.link)) {
          return (
            <button key={banner.id} type="button" className="banner" onClick={() => openExternal(banner.link)}>
              {image}
            </button>
          );
        }
        return (
          <div key={banner.id} className="banner">
            {image}
          </div>
        );
      })}
    </section>
  );
}

function Notices() {
  const { t } = useTranslation();
  const notices = useRemote(getNotices);
  const [open, setOpen] = useState<Notice | null>(null);
  if (notices.status !== 'success' || notices.data.length === 0) return null;
  const latest = notices.data[0]!;
  return (
    <>
      <button type="button" className="notice-bar" onClick={() => setOpen(latest)}>
        <IconInfo size={18} />
        <span className="notice-bar__text">{latest.title}</span>
        <span className="visually-hidden">{t('lobby.readNotice')}</span>
      </button>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.title}>
        {open ? (
          <>
            <p className="form__note">{formatDate(open.publishedAt)}</p>
            <LazyMarkdown source={open.content} />
          </>
        ) : null}
      </Modal>
    </>
  );
}

function QuickLinks() {
  const { t } = useTranslation();
  const links = [
    { to: '/game/search', label: t('lobby.search'), icon: <IconSearch size={22} /> },
    { to: '/helpSlot', label: t('tab.helpSlot'), icon: <IconHelp size={22} /> },
    { to: '/event', label: t('tab.promotions'), icon: <IconGift size={22} /> },
    { to: '/livechat', label: t('tab.support'), icon: <IconChat size={22} /> },
  ];
  return (
    <nav className="quick-links" aria-label={t('lobby.shortcuts')}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="quick-link">
          <span className="quick-link__icon">{link.icon}</span>
          <span>{link.label}</span>
        </Link>
      ))}
    </nav>
  );
}

function Games({ code }: { code: string }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const games = useRemote(() => getGames(loggedIn, code as MenuCode), [code, loggedIn]);
  if (games.status === 'loading') return <SkeletonGrid />;
  if (games.status === 'error') return <ErrorState message={games.error.message} onRetry={games.reload} />;
  if (games.data.list.length === 0) {
    return <EmptyState title={t('lobby.noGamesInTab')} text={t('lobby.noGamesInTabText')} />;
  }
  return <GameGrid games={games.data.list} onLaunch={(game) => launchGame(game.id, loggedIn)} />;
}

/** The lobby (/game): banners, notices, shortcuts and the game menu from the server, with its games. */
export default function GamePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { gameMenu, activeGameMenu, menuStatus, setActive } = useGameStore();
  return (
    <div className="lobby">
      <h1 className="visually-hidden">{t('titles.game')}</h1>
      <Banners />
      <Notices />
      <QuickLinks />
      {menuStatus === 'idle' || menuStatus === 'loading' ? (
        <>
          <div className="menu-tabs menu-tabs--loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} width={76} height={36} radius={18} />
            ))}
          </div>
          <SkeletonGrid />
        </>
      ) : menuStatus === 'error' || gameMenu.length === 0 ? (
        <EmptyState
          title={t('lobby.emptyTitle')}
          text={t('lobby.emptyText')}
          action={
            <Button variant="secondary" onClick={() => loadGameMenu(loggedIn)}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <div className="menu-tabs" role="tablist" aria-label={t('lobby.menu')}>
            {gameMenu.map((entry) => (
              <button
                key={entry.code}
                type="button"
                role="tab"
                aria-selected={entry.code === activeGameMenu}
                className={`menu-tab${entry.code === activeGameMenu ? ' is-active' : ''}`}
                style={
                  entry.code === activeGameMenu && entry.bgColor
                    ? { background: entry.bgColor, color: readableTextOn(entry.bgColor) }
                    : undefined
                }
                onClick={() => {
                  playSound('click');
                  setActive(entry.code);
                }}
              >
                {entry.name}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={gameMenu.find((m) => m.code === activeGameMenu)?.name}>
            <Games code={activeGameMenu} />
          </div>
        </>
      )}
    </div>
  );
}
