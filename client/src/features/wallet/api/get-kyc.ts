import type { kycState as endpoint } from '../../../../../shared/contract/kyc';
import { call } from '../../../lib/http';

/** Identity verification status and the latest submission (masked). */
export const getKyc = () => call<typeof endpoint>('GET', '/api/user/kyc', { quiet: true, silent: true });
