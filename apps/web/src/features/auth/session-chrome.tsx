import { LOW_CREDITS_THRESHOLD, type User } from '@cuadra/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  initAuth,
  logout,
  onSessionExpired,
  refreshUser,
  useAuth,
  verificationStatus,
} from '../../access/auth-store';
import type { SidebarAccount } from '../../components/layout/sidebar';
import type { TopBarAccount } from '../../components/layout/top-bar-account';
import { SCAN_COMPLETE_EVENT } from '../../lib/events';
import { planName, useSubscription } from '../plans';

/**
 * Starts the session (restore, then refresh from /me), keeps the balance fresh after scans, and sends the
 * user to /login, with the page they were on, when the session ends by itself (a 401 or the token expiring).
 */
export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => initAuth(), []);

  useEffect(() => {
    const refresh = () => void refreshUser();
    window.addEventListener(SCAN_COMPLETE_EVENT, refresh);
    return () => window.removeEventListener(SCAN_COMPLETE_EVENT, refresh);
  }, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (location.pathname === '/login') return;
        navigate('/login', { replace: true, state: { from: location, sessionEnded: true } });
      }),
    [navigate, location],
  );
  return null;
}

/** The credit count of the top bar and sidebar; red, with a link to buy more, at 5 or fewer (spec-1 §4). */
export function CreditsCount({ withBuyLink = false }: { withBuyLink?: boolean }) {
  const { t } = useTranslation('auth');
  const { t: tMain } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  // A user stored by an older version may lack fields; /me fills them in right after start-up.
  const available = (user.credits as User['credits'] | undefined)?.available ?? 0;
  const low = available <= LOW_CREDITS_THRESHOLD;
  return (
    <span className="inline-flex items-center gap-2">
      <span
        data-testid="credit-count"
        title={t('credits.label')}
        className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${
          low ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-brand-50 text-brand-900 ring-brand-200'
        }`}
      >
        {t('credits.count', { count: available })}
      </span>
      {withBuyLink && low ? (
        <Link to="/select-plan" className="text-xs font-medium text-red-800 underline">
          {tMain('userMenu.buyCredits')}
        </Link>
      ) : null}
    </span>
  );
}

/** What the top bar shows for the signed-in user; the logout button ends the session and goes to /logedout. */
export function useTopBarAccount(): TopBarAccount | null {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return {
    name: user.name,
    credits: <CreditsCount />,
    reviewDesk: user.accountType === 'accountant',
    onLogout: () => {
      logout({ byButton: true });
      navigate('/logedout');
    },
  };
}

/**
 * The sidebar's account block: name, the current subscription's plan (not the account type: an accountant
 * on Business is on the Business Plan; without a live subscription, credit packs) and the email's
 * verification state.
 */
export function useSidebarAccount(): SidebarAccount | null {
  const { t } = useTranslation('auth');
  const { t: tPricing } = useTranslation('pricing');
  const { user } = useAuth();
  const subscription = useSubscription(user !== null);
  if (!user) return null;
  const status = verificationStatus(user);
  const current = subscription.data && subscription.data.status !== 'canceled' ? subscription.data : null;
  return {
    name: user.name,
    subscriptionType: subscription.isPending
      ? '…'
      : subscription.isError
        ? '—'
        : current
          ? planName(tPricing, { id: current.planId })
          : tPricing('plans.noSubscription'),
    status: (
      <span
        data-testid="verification-status"
        className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs ring-1 ${
          status === 'verified'
            ? 'bg-brand-50 text-brand-900 ring-brand-200'
            : 'bg-amber-50 text-amber-900 ring-amber-300'
        }`}
      >
        {t(`verificationStatus.${status}`)}
      </span>
    ),
  };
}
