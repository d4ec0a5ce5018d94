/**
 * Money: integer centavos inside (database, services), pesos with at most two decimals on the wire.
 * This is the only place that converts between the two.
 */
export type Centavos = number;

const PESO_TEXT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Pesos (number or text, at most two decimals) to integer centavos, without float arithmetic. */
export function toCentavos(pesos: number | string): Centavos {
  const text = typeof pesos === 'number' ? pesosNumberToText(pesos) : pesos.trim();
  const match = PESO_TEXT.exec(text);
  if (!match) throw new RangeError(`Not a peso amount with at most two decimals: ${String(pesos)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

function pesosNumberToText(pesos: number): string {
  if (!Number.isFinite(pesos) || pesos < 0) throw new RangeError(`Not a peso amount: ${pesos}`);
  // toFixed(2) then check round-trip, so 0.1 + 0.2 style inputs with more than 2 decimals are refused.
  const fixed = pesos.toFixed(2);
  if (Number(fixed) !== pesos) throw new RangeError(`More than two decimals: ${pesos}`);
  return fixed;
}

/** Integer centavos to pesos for the wire (a number with at most two decimals). */
export function toPesos(centavos: Centavos): number {
  assertCentavos(centavos);
  return centavos / 100;
}

export function assertCentavos(centavos: number): asserts centavos is Centavos {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Centavos must be a safe integer: ${centavos}`);
}

/** 123450 -> "1,234.50" (two decimals, thousands commas; a leading minus for debits). */
export function formatCentavos(centavos: Centavos): string {
  assertCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Wire pesos straight to display text: 1234.5 -> "1,234.50". */
export const formatPesos = (pesos: number): string => formatCentavos(Math.round(pesos * 100));

/** A cash reward as the spec shows it: amount followed by P ("50.00P"). */
export const formatCashReward = (centavos: Centavos): string => `${formatCentavos(centavos)}P`;
