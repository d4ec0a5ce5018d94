import type { faq as endpoint } from '../../../../../shared/contract/config';
import { call } from '../../../lib/http';

export const getFaq = () => call<typeof endpoint>('GET', '/api/app/faq', { quiet: true, silent: true });
