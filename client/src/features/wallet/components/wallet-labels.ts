/** Display names of the e-wallets of spec section 3. */
export const WALLET_LABELS: Record<'gcash' | 'maya', string> = { gcash: 'GCash', maya: 'PayMaya' };
