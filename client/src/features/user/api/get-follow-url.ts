import type { follow as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const getFollowUrl = () => call<typeof endpoint>('GET', '/api/user/follow', { silent: true });
