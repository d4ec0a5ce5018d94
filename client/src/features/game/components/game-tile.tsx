import { useTranslation } from 'react-i18next';
import type { Game } from '../../../../../shared/contract/game';
import { useBusy } from '../../../components/button';
import { IconGamepad } from '../../../components/icons';

/** A game tile: thumbnail (sized, lazy below the fold), name and provider; "coming soon" when not playable. */
export function GameTile({
  game,
  onLaunch,
  eager,
}: {
  game: Game;
  onLaunch(game: Game): Promise<void>;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, launch] = useBusy(() => onLaunch(game));
  return (
    <button
      type="button"
      className={`game-tile${game.playable ? '' : ' is-disabled'}${busy ? ' is-busy' : ''}`}
      disabled={!game.playable}
      aria-busy={busy || undefined}
      onClick={() => void launch()}
    >
      <span className="game-tile__thumb">
        {game.thumbnailUrl ? (
          <img
            src={game.thumbnailUrl}
            alt=""
            width={120}
            height={120}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <IconGamepad size={32} />
        )}
        {game.tags.includes('hot') ? <span className="game-tile__tag">{t('game.hot')}</span> : null}
        {game.tags.includes('new') ? <span className="game-tile__tag game-tile__tag--new">{t('game.new')}</span> : null}
        {!game.playable ? <span className="game-tile__soon">{t('game.comingSoon')}</span> : null}
      </span>
      <span className="game-tile__name">{game.name}</span>
      <span className="game-tile__provider">{game.providerName}</span>
    </button>
  );
}

export function GameGrid({ games, onLaunch }: { games: Game[]; onLaunch(game: Game): Promise<void> }) {
  return (
    <div className="tile-grid">
      {games.map((game, index) => (
        <GameTile key={game.id} game={game} onLaunch={onLaunch} eager={index < 6} />
      ))}
    </div>
  );
}
