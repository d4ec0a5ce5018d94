import type { BodyOf } from '../../../../../shared/contract/define';
import type { bindWallet as endpoint } from '../../../../../shared/contract/withdraw';
import { callWithMessage } from '../../../lib/http';

/** Binds the withdrawal e-wallet; the transaction password travels as md5 hex. */
export const bindWallet = (body: BodyOf<typeof endpoint>) =>
  callWithMessage<typeof endpoint>('POST', '/api/user/bankCard/create', { body });
