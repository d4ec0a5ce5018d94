import type { readLetter as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const readLetter = (id: number) =>
  call<typeof endpoint>('POST', '/api/letter/read', { quiet: true, body: { id } });
