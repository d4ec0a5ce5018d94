import type { letters as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const getLetters = () =>
  call<typeof endpoint>('GET', '/api/letter', { quiet: true, silent: true, query: { page: 1, size: 20 } });
