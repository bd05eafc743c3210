/** What other features use of credits; everything else in the folder is its own. */
export { isLowOnSettings } from './credit-status';
export { createCheckout } from './credits-api';
export { CreditsWidget } from './credits-widget';
export { LEDGER_QUERY_ROOT, UsageHistory } from './usage-history';
export { useRefreshCredits } from './use-credits';
