import { beforeEach, describe, expect, it } from 'vitest';
import type { Game } from '../../../../shared/contract/game';
import { clearRecent, RECENT_MAX, recentGames, rememberPlayed } from './recent';

const game = (id: number): Game => ({
  id,
  code: `g${id}`,
  name: `Game ${id}`,
  type: 'slot',
  provider: 'demo',
  providerName: 'House Games',
  thumbnailUrl: '',
  tags: [],
  playable: true,
  favourite: true,
});

describe('recently played', () => {
  beforeEach(() => clearRecent());

  it('puts the last launched game first, once, and keeps at most the limit', () => {
    rememberPlayed(game(1));
    rememberPlayed(game(2));
    rememberPlayed(game(1));
    expect(recentGames().map((g) => g.id)).toEqual([1, 2]);
    for (let i = 3; i < 3 + RECENT_MAX; i++) rememberPlayed(game(i));
    expect(recentGames()).toHaveLength(RECENT_MAX);
    expect(recentGames()[0]?.id).toBe(2 + RECENT_MAX);
  });

  it('does not keep the favourite flag, which the server owns', () => {
    rememberPlayed(game(7));
    expect(recentGames()[0]).not.toHaveProperty('favourite');
  });
});
