import type { avatars as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const getAvatars = () => call<typeof endpoint>('GET', '/api/material/avatar', { silent: true });
