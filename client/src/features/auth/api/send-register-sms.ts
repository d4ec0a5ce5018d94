import type { sendRegisterSms as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** The sign-up's code, texted to the number the account registers with. */
export const sendRegisterSms = (phone: string) =>
  call<typeof endpoint>('POST', '/api/user/sms/send/register', { body: { phone } });
