/** Stakes per round, in centavos: 1 to 5,000 pesos. */
export const MIN_STAKE = 100;
export const MAX_STAKE = 500_000;
