import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { EmptyState, RemoteView, SkeletonGrid } from '../../components/states';
import { searchGames } from '../../features/game/api/search-games';
import { GameGrid } from '../../features/game/components/game-tile';
import { launchGame } from '../../features/game/launch-game';
import { useIsLoggedIn } from '../../features/user/store';
import { useRemote } from '../../lib/hooks';

/** Search results for ?q= (name, case- and accent-insensitive on the server). */
export default function GameSearchResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 50);
  const loggedIn = useIsLoggedIn();
  const results = useRemote(() => (q ? searchGames(q) : Promise.resolve(null)), [q]);
  return (
    <Page title={q ? t('search.resultsFor', { q }) : t('titles.gameSearchResult')}>
      <RemoteView
        state={results}
        skeleton={<SkeletonGrid />}
        isEmpty={(d) => !d || d.list.length === 0}
        empty={
          <EmptyState
            title={t('search.none')}
            text={t('search.noneText')}
            action={
              <Link to="/game/search" className="btn btn--secondary">
                <span className="btn__label">{t('search.again')}</span>
              </Link>
            }
          />
        }
      >
        {(data) => (data ? <GameGrid games={data.list} onLaunch={(g) => launchGame(g, loggedIn)} /> : null)}
      </RemoteView>
    </Page>
  );
}
