/** The currency feature's public entry: what other features use of it, and nothing else. */

export type { RatesByDate } from './rates';
export { allInEuros, inEuros, loadRates, rateOn, toEuroCents } from './rates';
