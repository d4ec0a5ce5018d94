import type { sendResetTradeSms as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

export const sendResetTradeSms = () => call<typeof endpoint>('POST', '/api/user/sms/send/resetTradePwd', { body: {} });
