import type { banners as endpoint } from '../../../../../shared/contract/config';
import { call } from '../../../lib/http';

export const getBanners = () => call<typeof endpoint>('GET', '/api/open/banner/info', { quiet: true, silent: true });
