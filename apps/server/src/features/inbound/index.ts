/** The inbound feature's public entry: what other features use of it, and nothing else. */
export { ensureInboundEmail } from './address';
