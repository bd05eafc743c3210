/** What other features use of auth; everything else in the folder is its own. */
export { VerifyEmailBanner } from './verify-email-banner';
