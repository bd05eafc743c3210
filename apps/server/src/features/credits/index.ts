/** The credits feature's public entry: the ledger calls other features make. */
export {
  countDebitsSince,
  expireCredits,
  findAllowance,
  findBalance,
  grantCredits,
  holdCredits,
  settleHeldCredit,
} from './ledger';
