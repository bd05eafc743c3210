/** The notifications feature's public entry: what other features use of it, and nothing else. */
export { confirmEmailChangeEmail, emailChangedEmail } from './emails';
export { noteCreditsHeld, noteDocumentSettled, noteInvitationAccepted } from './service';
