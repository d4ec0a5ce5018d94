import type { sendBindSms as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const sendBindSms = (phone: string) =>
  call<typeof endpoint>('POST', '/api/user/sms/send/bind', { body: { phone } });
