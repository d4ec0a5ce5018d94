import type { gameProviders } from '../../../../../shared/contract/game';
import { call } from '../../../lib/http';

/** Game providers for the footer (visitor form, works for everyone; decorative, so quiet). */
export const getProviders = () =>
  call<typeof gameProviders.open>('GET', '/api/open/manuf/fetch', { silent: true, quiet: true });
