import type { AuthResult } from '@cuadra/shared';
import { useCallback } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { login } from '../../access/auth-store';
import { readInvitationToken } from '../../access/session-storage';
import { i18n, toLocale } from '../../i18n/i18n';
import { readFirmInvitationToken } from '../firms';
import { chosenPlanPath, pendingPlan } from '../plans';

export type LoginLocationState = { from?: Location; sessionEnded?: boolean; passwordChanged?: boolean };

/**
 * Stores the session, then goes where the visitor was headed: a pending invitation first (spec-2 §2.8),
 * then the checkout of a plan chosen before signing up, then the page the guard sent them away from,
 * else the dashboard.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (result: AuthResult) => {
      login(result);
      // The account's language wins over this browser's (issue 36, item 11): a new browser opens the app
      // in it, and it stays this browser's choice after logging out.
      if (toLocale(i18n.resolvedLanguage) !== result.user.locale)
        void i18n.changeLanguage(result.user.locale);
      const invitation = readInvitationToken();
      if (invitation) {
        navigate(`/acceptinvitation?token=${encodeURIComponent(invitation)}`, { replace: true });
        return;
      }
      // A team invitation (issue 40) opened before signing up: back to it once signed in.
      const teamInvitation = readFirmInvitationToken();
      if (teamInvitation) {
        navigate(`/join-team?token=${encodeURIComponent(teamInvitation)}`, { replace: true });
        return;
      }
      // A plan chosen before signing up (issue 16 item 4): its checkout, once the email is verified, in
      // whichever browser the sign-in happens (the account keeps the choice).
      const chosen = result.user.verified ? pendingPlan(result.user) : null;
      if (chosen) {
        navigate(chosenPlanPath(chosen), { replace: true });
        return;
      }
      const from = (location.state as LoginLocationState | null)?.from;
      const target =
        from && from.pathname !== '/login' ? `${from.pathname}${from.search}${from.hash}` : '/dashboard';
      navigate(target, { replace: true });
    },
    [navigate, location.state],
  );
}
