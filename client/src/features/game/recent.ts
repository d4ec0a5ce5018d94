import type { Game } from '../../../../shared/contract/game';
import { storage } from '../../lib/storage';

/** Recently played games are kept on the device (the spec has no endpoint for them), newest first. */
const RECENT_KEY = 'recentGames';
export const RECENT_MAX = 12;

export const recentGames = (): Game[] => {
  const list = storage.get<Game[]>(RECENT_KEY);
  return Array.isArray(list) ? list.filter((g) => typeof g?.id === 'number') : [];
};

/** Puts a launched game first (once), keeping at most RECENT_MAX; kept until removed, like search history. */
export function rememberPlayed(game: Game): void {
  const { favourite: _ignored, ...stored } = game;
  storage.set(RECENT_KEY, [stored, ...recentGames().filter((g) => g.id !== game.id)].slice(0, RECENT_MAX), null);
}

export const clearRecent = (): void => storage.remove(RECENT_KEY);
