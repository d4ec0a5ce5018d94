/** Display names of the e-wallets of spec section 3 (codes as stored: deposit channels, withdrawal wallets). */
export const WALLET_NAMES: Record<'gcash' | 'maya', string> = { gcash: 'GCash', maya: 'PayMaya' };

export const walletName = (code: string): string | undefined =>
  Object.hasOwn(WALLET_NAMES, code) ? WALLET_NAMES[code as keyof typeof WALLET_NAMES] : undefined;
