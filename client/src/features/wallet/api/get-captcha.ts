import type { captcha as endpoint } from '../../../../../shared/contract/withdraw';
import { call } from '../../../lib/http';

/** A fresh image challenge for the withdrawal form (usable once, 5 minutes). */
export const getCaptcha = () => call<typeof endpoint>('GET', '/api/captcha', { quiet: true, silent: true });
