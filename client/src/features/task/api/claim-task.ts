import type { taskClaim as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const claimTask = (code: string) => call<typeof endpoint>('POST', '/api/task/claim', { body: { code } });
