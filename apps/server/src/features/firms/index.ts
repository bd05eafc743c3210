/** The firms feature's public entry: what other features use of it, and nothing else. */
export { checkMemberCreditCap, insertClientMember } from './service';
