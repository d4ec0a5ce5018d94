import type { claimLetter as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const claimLetter = (id: number) => call<typeof endpoint>('POST', '/api/letter/claim', { body: { id } });
