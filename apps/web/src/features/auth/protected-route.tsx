import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { sessionEndedBy, useAuth } from '../../access/auth-store';
import { isTokenValid, readStoredToken } from '../../access/session-storage';

/**
 * The protected-route guard (spec-1 §2): children only with a token and a user. Its state is loading,
 * unauthorized (a redirect to /login with the requested location), or the user's type_user ('active'),
 * which allows access.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const location = useLocation();

  if (auth.status !== 'ready') {
    // With a token present, authentication is loading (or failed to); without one, access is being decided.
    if (readStoredToken()) {
      return (
        <GuardMessage>{auth.status === 'error' ? t('guard.errorLoading') : t('guard.loading')}</GuardMessage>
      );
    }
    return <GuardMessage>{t('guard.verifying')}</GuardMessage>;
  }
  const access =
    auth.token && auth.user && isTokenValid(auth.token) ? (auth.user.status ?? 'active') : 'unauthorized';
  if (access === 'unauthorized') {
    const endedBy = sessionEndedBy();
    if (endedBy === 'button') return <Navigate to="/logedout" replace />;
    return <Navigate to="/login" replace state={{ from: location, sessionEnded: endedBy === 'expired' }} />;
  }
  return <GuardBoundary message={t('guard.renderError')}>{children}</GuardBoundary>;
}

function GuardMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center p-12">
      <p role="status" className="text-sm text-slate-600">
        {children}
      </p>
    </div>
  );
}

/** A render failure inside the guarded area shows the guard's own message. */
class GuardBoundary extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="p-12 text-center text-slate-700">
        {this.props.message}
      </div>
    );
  }
}

/**
 * The page wrapper's notice (spec-1 §2): with no auth token in local storage, and outside /login and
 * /register, an amber note that authentication is required. It does not redirect.
 */
export function AuthRequiredNotice() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  useAuth(); // re-render when the session changes
  if (readStoredToken() || pathname === '/login' || pathname.startsWith('/register')) return null;
  return (
    <div
      role="note"
      className="mx-4 mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-300"
    >
      <p className="font-semibold">{t('authRequired.title')}</p>
      <p className="mt-1">{t('authRequired.message')}</p>
    </div>
  );
}
