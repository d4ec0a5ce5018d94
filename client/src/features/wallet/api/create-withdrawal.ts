import type { BodyOf } from '../../../../../shared/contract/define';
import type { createWithdrawal as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

/** Asks for a withdrawal to the bound wallet (the transaction password travels as md5 hex). */
export const createWithdrawal = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/withdraw/create', { body, idempotent: true });
