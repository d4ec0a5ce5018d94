import type { taskFetch as endpoint } from '../../../../../shared/contract/task';
import { call } from '../../../lib/http';

export const getTasks = () => call<typeof endpoint>('GET', '/api/task/fetch', { quiet: true, silent: true });
