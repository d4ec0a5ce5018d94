import type { appVersion as endpoint } from '../../../../../shared/contract/config';
import { call } from '../../../lib/http';

export const getAppVersion = () => call<typeof endpoint>('GET', '/api/app/version', { quiet: true, silent: true });
