import type { gameHelper as endpoint } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

export const getGameHelper = () => call<typeof endpoint>('GET', '/api/game/helper', { quiet: true, silent: true });
