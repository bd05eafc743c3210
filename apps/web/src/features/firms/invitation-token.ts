import { FIRM_INVITATION_TOKEN_STORAGE_KEY } from '@cuadra/shared';

/** The invitation waiting while the colleague signs in, or signs up and verifies first (useAfterLogin). */
export function readFirmInvitationToken(): string | null {
  try {
    return window.localStorage.getItem(FIRM_INVITATION_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeFirmInvitationToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(FIRM_INVITATION_TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(FIRM_INVITATION_TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: the colleague opens the emailed link again once signed in.
  }
}
