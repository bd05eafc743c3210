/** The me feature's public entry: what other features use of the account as its owner sees it. */
export { confirmEmailChange } from './service';
export { toUser } from './user';
