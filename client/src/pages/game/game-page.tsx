import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { notices as noticesEndpoint } from '../../../../shared/contract/config';
import type { DataOf } from '../../../../shared/contract/define';
import { Button } from '../../components/button';
import { ChipFilter } from '../../components/chip-filter';
import { Modal } from '../../components/dialog';
import { IconChat, IconGift, IconHelp, IconInfo, IconSearch } from '../../components/icons';
import { LazyMarkdown } from '../../components/lazy-markdown';
import { PagedList } from '../../components/paged-list';
import { EmptyState, Skeleton, SkeletonGrid } from '../../components/states';
import { getBanners } from '../../features/config/api/get-banners';
import { getNotices } from '../../features/config/api/get-notices';
import { getFavouriteGames } from '../../features/game/api/get-favourite-games';
import { getGames, type MenuCode } from '../../features/game/api/get-games';
import { getHotGames } from '../../features/game/api/get-hot-games';
import { getLiveGames } from '../../features/game/api/get-live-games';
import { getProviders } from '../../features/game/api/get-providers';
import { GameGrid } from '../../features/game/components/game-tile';
import { launchGame } from '../../features/game/launch-game';
import { loadGameMenu } from '../../features/game/load-game-menu';
import { clearRecent, recentGames } from '../../features/game/recent';
import { type GameMenuEntry, useGameStore } from '../../features/game/store';
import { useIsLoggedIn } from '../../features/user/store';
import { openExternal } from '../../lib/bridge';
import { readableTextOn } from '../../lib/color';
import { formatDate } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { usePagedList } from '../../lib/paged';
import { playSound } from '../../lib/sound';
import '../../styles/lobby.css';

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
            // the first banner is the lobby's largest paint: fetched before the thumbnails
            fetchPriority={index === 0 ? 'high' : 'auto'}
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
  // the bar's place is kept while loading, so what is below it does not jump when it arrives
  if (notices.status === 'loading') return <Skeleton height={44} radius={12} />;
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

/** The provider filter of a tab whose menu entry says showProvider: all, then the tab's providers. */
function ProviderChips({ code, value, onChange }: { code: MenuCode; value: string; onChange(provider: string): void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const providers = useRemote(() => getProviders(code, loggedIn), [code, loggedIn]);
  if (providers.status === 'loading') {
    return (
      <div className="provider-chips" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} width={72} height={32} radius={16} />
        ))}
      </div>
    );
  }
  if (providers.status !== 'success' || providers.data.length < 2) return null;
  return (
    <ChipFilter<string>
      label={t('gameLobby.providers')}
      value={value}
      onChange={onChange}
      scroll
      options={[
        { value: '', label: t('gameLobby.allProviders') },
        ...providers.data.map((p) => ({ value: p.code, label: p.name })),
      ]}
    />
  );
}

/** Which list a tab shows: the hot list, the live list (showType 1, no provider chosen) or the tab's games. */
function loadTab(entry: GameMenuEntry, loggedIn: boolean, provider: string) {
  const code = entry.code as MenuCode;
  return (page: number) => {
    if (code === 'hot') return getHotGames(loggedIn, page);
    if (entry.showType === 1 && !provider) return getLiveGames(loggedIn, page);
    return getGames(loggedIn, code, page, provider || undefined);
  };
}

function Games({ entry }: { entry: GameMenuEntry }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [provider, setProvider] = useState('');
  const games = usePagedList(loadTab(entry, loggedIn, provider), [entry.code, loggedIn, provider]);
  return (
    <>
      {entry.showProvider ? (
        <ProviderChips code={entry.code as MenuCode} value={provider} onChange={setProvider} />
      ) : null}
      <PagedList
        state={games}
        skeleton={<SkeletonGrid />}
        empty={
          <EmptyState
            title={t('lobby.noGamesInTab')}
            text={t('lobby.noGamesInTabText')}
            action={
              provider ? (
                <Button variant="secondary" onClick={() => setProvider('')}>
                  {t('gameLobby.allProviders')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(list) => <GameGrid games={list} onLaunch={(game) => launchGame(game, loggedIn)} />}
      </PagedList>
    </>
  );
}

/** The player's favourites: un-collecting one takes it off this list at once. */
function Favourites() {
  const { t } = useTranslation();
  const [gone, setGone] = useState<number[]>([]);
  const games = usePagedList((page) => getFavouriteGames(page), []);
  const visible = { ...games, items: games.items.filter((g) => !gone.includes(g.id)) };
  return (
    <PagedList
      state={visible}
      skeleton={<SkeletonGrid />}
      empty={<EmptyState title={t('gameLobby.noFavourites')} text={t('gameLobby.noFavouritesText')} />}
    >
      {(list) => (
        <GameGrid
          games={list}
          onLaunch={(game) => launchGame(game, true)}
          onFavouriteChange={(game, favourite) => {
            if (!favourite) setGone((ids) => [...ids, game.id]);
          }}
        />
      )}
    </PagedList>
  );
}

/** Recently played, from this device. */
function Recent() {
  const { t } = useTranslation();
  const [list, setList] = useState(recentGames);
  if (list.length === 0) {
    return <EmptyState title={t('gameLobby.noRecent')} text={t('gameLobby.noRecentText')} />;
  }
  return (
    <>
      <GameGrid games={list} onLaunch={(game) => launchGame(game, true)} />
      <div className="load-more">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            clearRecent();
            setList([]);
          }}
        >
          {t('gameLobby.clearRecent')}
        </Button>
      </div>
    </>
  );
}

/** Tabs of the player's own lists, after the server's menu (logged in only). */
const OWN_TABS = ['favourites', 'recent'] as const;
type OwnTab = (typeof OWN_TABS)[number];
const isOwnTab = (code: string): code is OwnTab => (OWN_TABS as readonly string[]).includes(code);

/** The lobby (/game): banners, notices, shortcuts and the game menu from the server, with its games. */
export default function GamePage() {
  const { t, i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  // the tab names come from the server in the request's language: after a language switch, ask again
  const menuLanguage = useGameStore((s) => s.menuLanguage);
  const menuReady = useGameStore((s) => s.menuStatus === 'ready');
  useEffect(() => {
    if (menuReady && menuLanguage && menuLanguage !== i18n.language) void loadGameMenu(loggedIn);
  }, [menuReady, menuLanguage, i18n.language, loggedIn]);
  const { gameMenu, activeGameMenu, menuStatus, setActive } = useGameStore();
  // an own tab needs a session; without one (or a code the menu lost) the first menu entry shows
  const activeEntry =
    gameMenu.find((m) => m.code === activeGameMenu) ?? (isOwnTab(activeGameMenu) && loggedIn ? undefined : gameMenu[0]);
  const activeName = activeEntry?.name ?? (isOwnTab(activeGameMenu) ? t(`gameLobby.${activeGameMenu}`) : '');
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
            {gameMenu.map((entry) => {
              const active = entry.code === activeGameMenu;
              return (
                <button
                  key={entry.code}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  className={`menu-tab${active ? ' is-active' : ''}`}
                  style={
                    entry.bgColor
                      ? ({
                          '--tab-color': entry.bgColor,
                          ...(active ? { background: entry.bgColor, color: readableTextOn(entry.bgColor) } : {}),
                        } as CSSProperties)
                      : undefined
                  }
                  onClick={() => {
                    playSound('click');
                    setActive(entry.code);
                  }}
                >
                  {entry.name}
                </button>
              );
            })}
            {loggedIn
              ? OWN_TABS.map((code) => (
                  <button
                    key={code}
                    type="button"
                    role="tab"
                    aria-selected={code === activeGameMenu}
                    className={`menu-tab menu-tab--own${code === activeGameMenu ? ' is-active' : ''}`}
                    onClick={() => {
                      playSound('click');
                      setActive(code);
                    }}
                  >
                    {t(`gameLobby.${code}`)}
                  </button>
                ))
              : null}
          </div>
          <div role="tabpanel" aria-label={activeName}>
            {loggedIn && activeGameMenu === 'favourites' ? (
              <Favourites />
            ) : loggedIn && activeGameMenu === 'recent' ? (
              <Recent />
            ) : activeEntry ? (
              <Games key={activeEntry.code} entry={activeEntry} />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
