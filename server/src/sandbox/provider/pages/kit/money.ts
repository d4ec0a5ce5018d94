/** The stake limits per round, in centavos (the server's, see engine.ts). */
export const MIN_STAKE = 100;
export const MAX_STAKE = 500000;

/** Integer centavos to "₱1,234.50". */
export function money(centavos: number): string {
  const c = Math.round(Number(centavos) || 0);
  const abs = Math.abs(c);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${c < 0 ? '-' : ''}₱${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pesos (the API's balance) to integer centavos. */
export const toCentavos = (pesos: number | string | undefined) => Math.round(Number(pesos) * 100);
