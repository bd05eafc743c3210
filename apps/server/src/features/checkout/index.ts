/** The checkout feature's public entry: what other features use of it, and nothing else. */
export { startCheckout } from './service';
