import type { deleteLetters as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const deleteLetter = (id: number) => call<typeof endpoint>('POST', '/api/letter/delete', { body: { id } });

export const deleteReadLetters = () => call<typeof endpoint>('POST', '/api/letter/delete', { body: { allRead: true } });
