import type { searchGames as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export const searchGames = (q: string, page = 1) =>
  call<typeof endpoint>('GET', '/api/open/game/search', { query: { q, page, size: 30 }, silent: true });
