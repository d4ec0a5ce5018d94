import type { BodyOf } from '../../../../../shared/contract/define';
import type { kycUploadDocument as endpoint } from '../../../../../shared/contract/kyc';
import { call } from '../../../lib/http';

/** Uploads one KYC photo (base64); the answer is the new KYC state (which photos are there). */
export const uploadKycDocument = (body: BodyOf<typeof endpoint>) =>
  call<typeof endpoint>('POST', '/api/user/kyc/documents', { body });
