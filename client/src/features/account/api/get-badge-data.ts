import type { badgeData as endpoint } from '../../../../../shared/contract/account';
import { call } from '../../../lib/http';

/** Badge counters; a background call, so no loading indicator and no transport toasts. */
export const getBadgeData = () => call<typeof endpoint>('GET', '/api/badge/data', { silent: true });
