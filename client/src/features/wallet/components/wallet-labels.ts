import { WALLET_NAMES } from '../../../../../shared/wallets';

/** Display names of the e-wallets of spec section 3. */
export const WALLET_LABELS = WALLET_NAMES;
