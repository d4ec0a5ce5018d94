import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { IconSearch } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { SkeletonList } from '../../components/states';
import { getSearchDiscover } from '../../features/game/api/get-search-discover';
import { GameGrid } from '../../features/game/components/game-tile';
import { launchGame } from '../../features/game/launch-game';
import { useIsLoggedIn } from '../../features/user/store';
import { useRemote } from '../../lib/hooks';
import { StorageItem, storage } from '../../lib/storage';

export const SEARCH_HISTORY_MAX = 10;

export function rememberSearch(keyword: string): void {
  const list = storage.get<string[]>(StorageItem.searchHistory) ?? [];
  storage.set(
    StorageItem.searchHistory,
    [keyword, ...list.filter((k) => k !== keyword)].slice(0, SEARCH_HISTORY_MAX),
    null,
  );
}

/** Game search: the box, the local history and the server's discover list (popular and recommended). */
export default function GameSearchHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [keyword, setKeyword] = useState('');
  const [history, setHistory] = useState<string[]>(() => storage.get<string[]>(StorageItem.searchHistory) ?? []);
  const discover = useRemote(getSearchDiscover);
  const search = (q: string) => {
    const text = q.trim().slice(0, 50);
    if (!text) return;
    rememberSearch(text);
    navigate(`/game/search/result?q=${encodeURIComponent(text)}`);
  };
  return (
    <Page title={t('titles.gameSearchHistory')}>
      <search>
        <form
          className="search-box"
          onSubmit={(e) => {
            e.preventDefault();
            search(keyword);
          }}
        >
          <IconSearch size={20} />
          <input
            type="search"
            value={keyword}
            maxLength={50}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            enterKeyHint="search"
          />
          <Button type="submit" size="sm">
            {t('search.go')}
          </Button>
        </form>
      </search>
      {history.length ? (
        <Section
          title={
            <span className="section-head">
              {t('search.history')}
              <button
                type="button"
                className="link"
                onClick={() => {
                  storage.remove(StorageItem.searchHistory);
                  setHistory([]);
                }}
              >
                {t('search.clear')}
              </button>
            </span>
          }
        >
          <div className="chips">
            {history.map((k) => (
              <button key={k} type="button" className="chip" onClick={() => search(k)}>
                {k}
              </button>
            ))}
          </div>
        </Section>
      ) : null}
      {discover.status === 'loading' ? <SkeletonList rows={2} /> : null}
      {discover.status === 'success' && discover.data.popular.length ? (
        <Section title={t('search.popular')}>
          <div className="chips">
            {discover.data.popular.map((p) => (
              <button key={p.keyword} type="button" className="chip" onClick={() => search(p.keyword)}>
                {p.keyword}
              </button>
            ))}
          </div>
        </Section>
      ) : null}
      {discover.status === 'success' && discover.data.recommended.length ? (
        <Section title={t('search.recommended')}>
          <GameGrid games={discover.data.recommended} onLaunch={(g) => launchGame(g, loggedIn)} />
        </Section>
      ) : null}
    </Page>
  );
}
