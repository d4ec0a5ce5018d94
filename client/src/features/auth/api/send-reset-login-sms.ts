import type { sendResetLoginSms as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const sendResetLoginSms = (phone: string) =>
  call<typeof endpoint>('POST', '/api/user/sms/send/resetLoginPwd', { body: { phone } });
