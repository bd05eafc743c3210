/** What other features use of checkout; everything else in the folder is its own. */
export { PackCards } from './pack-cards';
export { CheckoutSuccessRegion, SettingsCredits, useSettingsPurchase } from './settings-credits';
