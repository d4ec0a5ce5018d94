import type { sendWithdrawSms as endpoint } from '../../../../../shared/contract/user';
import { call } from '../../../lib/http';

/** Texts the withdrawal's code to the player's bound phone (good in this session, for one withdrawal). */
export const sendWithdrawSms = () => call<typeof endpoint>('POST', '/api/user/sms/send/withdraw', { body: {} });
