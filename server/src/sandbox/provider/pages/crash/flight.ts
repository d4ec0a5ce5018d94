/** The flight curve: m(t) = e^(k t), k from the server (per ms; kept here per second), t in seconds. */

const flight = { k: 0.08 };

/** Sets k from the server's growth per millisecond. */
export const setGrowth = (perMs: number) => {
  flight.k = perMs * 1000;
};
export const multAt = (s: number) => Math.exp(flight.k * s);
export const timeOf = (m: number) => (m <= 1 ? 0 : Math.log(m) / flight.k);
/** A multiplier as shown: floored to hundredths, "2.37×". */
export const fmtX = (m: number) => `${(Math.floor(m * 100 + 1e-6) / 100).toFixed(2)}×`;
