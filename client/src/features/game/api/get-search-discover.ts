import type { searchDiscover as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export const getSearchDiscover = () => call<typeof endpoint>('GET', '/api/open/game/searchDiscover', { silent: true });
