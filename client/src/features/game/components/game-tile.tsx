import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '../../../../../shared/contract/game';
import { useBusy } from '../../../components/button';
import { IconGamepad } from '../../../components/icons';
import { LazyImage } from '../../../components/lazy-image';
import { collectGame } from '../api/collect-game';
import { uncollectGame } from '../api/uncollect-game';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.8 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.4 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The favourite toggle of a tile: collect or uncollect, the heart flips once the server agreed. */
function FavouriteButton({
  game,
  onChange,
}: {
  game: Game & { favourite: boolean };
  onChange?(game: Game, favourite: boolean): void;
}) {
  const { t } = useTranslation();
  const [favourite, setFavourite] = useState(game.favourite);
  const [busy, toggle] = useBusy(async () => {
    const next = !favourite;
    await (next ? collectGame(game.id) : uncollectGame(game.id));
    setFavourite(next);
    onChange?.(game, next);
  });
  return (
    <button
      type="button"
      className={`game-tile__fav${favourite ? ' is-on' : ''}`}
      aria-pressed={favourite}
      aria-label={
        favourite ? t('gameLobby.unfavourite', { name: game.name }) : t('gameLobby.favourite', { name: game.name })
      }
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <Heart filled={favourite} />
    </button>
  );
}

/**
 * A game tile: thumbnail (sized, lazy below the fold), name and provider; "coming soon" when not playable;
 * a favourite heart in the logged-in lists (where `favourite` is present).
 */
export function GameTile({
  game,
  onLaunch,
  eager,
  onFavouriteChange,
}: {
  game: Game;
  onLaunch(game: Game): Promise<void>;
  eager?: boolean;
  onFavouriteChange?(game: Game, favourite: boolean): void;
}) {
  const { t } = useTranslation();
  const [busy, launch] = useBusy(() => onLaunch(game));
  return (
    <div className="game-tile-wrap">
      <button
        type="button"
        className={`game-tile${game.playable ? '' : ' is-disabled'}${busy ? ' is-busy' : ''}`}
        disabled={!game.playable}
        aria-busy={busy || undefined}
        onClick={() => void launch()}
      >
        <span className="game-tile__thumb">
          {game.thumbnailUrl ? (
            <LazyImage
              src={game.thumbnailUrl}
              alt=""
              className={game.playable ? undefined : 'game-tile__img--soon'}
              width={120}
              height={120}
              eager={eager}
              decoding="async"
            />
          ) : (
            <IconGamepad size={32} />
          )}
          {game.tags.includes('hot') ? <span className="game-tile__tag">{t('game.hot')}</span> : null}
          {game.tags.includes('new') ? (
            <span className="game-tile__tag game-tile__tag--new">{t('game.new')}</span>
          ) : null}
          {!game.playable ? <span className="game-tile__soon">{t('game.comingSoon')}</span> : null}
        </span>
        <span className="game-tile__name">{game.name}</span>
        <span className="game-tile__provider">{game.providerName}</span>
      </button>
      {game.favourite !== undefined ? (
        <span className="game-tile__fav-area">
          <FavouriteButton game={game as Game & { favourite: boolean }} onChange={onFavouriteChange} />
        </span>
      ) : null}
    </div>
  );
}

export function GameGrid({
  games,
  onLaunch,
  onFavouriteChange,
}: {
  games: Game[];
  onLaunch(game: Game): Promise<void>;
  onFavouriteChange?(game: Game, favourite: boolean): void;
}) {
  return (
    <div className="tile-grid">
      {games.map((game, index) => (
        <GameTile
          key={game.id}
          game={game}
          onLaunch={onLaunch}
          eager={index < 6}
          onFavouriteChange={onFavouriteChange}
        />
      ))}
    </div>
  );
}
