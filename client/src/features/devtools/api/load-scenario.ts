import type { devScenario as endpoint } from '../../../../../shared/contract/dev';
import { call } from '../../../lib/http';

/** Resets the server's database to a scenario; every session, this one included, ends. */
export const loadScenario = (name: string) =>
  call<typeof endpoint>('POST', '/api/dev/scenario/:name', { params: { name }, body: {} });
