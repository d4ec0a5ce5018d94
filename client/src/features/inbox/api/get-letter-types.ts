import type { letterTypes as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const getLetterTypes = () => call<typeof endpoint>('GET', '/api/letter/type', { quiet: true, silent: true });
