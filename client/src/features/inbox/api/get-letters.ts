import type { letters as endpoint } from '../../../../../shared/contract/record';
import { call } from '../../../lib/http';

export const LETTER_PAGE_SIZE = 20;

export const getLetters = (query: { type?: string; page?: number } = {}) =>
  call<typeof endpoint>('GET', '/api/letter', {
    quiet: true,
    silent: true,
    query: { page: query.page ?? 1, size: LETTER_PAGE_SIZE, ...(query.type ? { type: query.type } : {}) },
  });
