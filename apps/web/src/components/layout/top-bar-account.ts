import type { ReactNode } from 'react';

/**
 * What the top bar shows for a signed-in user (spec-1 §2 "Page chrome"). The accounts feature builds it
 * from the session; without it the bar shows the signed-out "Log in" and "Sign up" links.
 */
export type TopBarAccount = {
  /** Display name, on the user-menu button. */
  name: string;
  /** The credit count, e.g. a compact credits widget that handles its own loading and error states. */
  credits: ReactNode;
  /** Accountants get the review desk in the bar. */
  reviewDesk?: boolean;
  /** Called by the menu's logout button (labelled by the translation key 'logout'). */
  onLogout: () => void;
};
