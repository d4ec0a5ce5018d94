import type { notices as endpoint } from '../../../../../shared/contract/config';
import { call } from '../../../lib/http';

export const getNotices = () => call<typeof endpoint>('GET', '/api/open/notice/info', { quiet: true, silent: true });
