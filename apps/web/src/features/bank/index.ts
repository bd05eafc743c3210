/** What other features use of bank; everything else in the folder is its own. */
export { BankPanel } from './bank-panel';
