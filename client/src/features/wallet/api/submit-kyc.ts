import type { BodyOf } from '../../../../../shared/contract/define';
import type { kycSubmit as endpoint } from '../../../../../shared/contract/kyc';
import { call } from '../../../lib/http';

/** Sends the personal information for identity verification; the operator decides. */
export const submitKyc = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/user/kyc/submit', { body });
