import { Outlet } from 'react-router';
import { MainContent } from './components/layout/main-content';
import { Sidebar } from './components/layout/sidebar';
import { AuthRequiredNotice, ProtectedRoute } from './features/auth/protected-route';
import { useSidebarAccount } from './features/auth/session-chrome';
import { CreditsWidget } from './features/credits/credits-widget';

/**
 * The layout of the signed-in area (spec-2 §2.1): desktop sidebar and content, behind the protected-route
 * guard of spec-1 §2 (token and user, otherwise a redirect to /login with the requested location).
 */
export function ProtectedLayout() {
  const account = useSidebarAccount();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1">
      <Sidebar account={account} credits={account ? <CreditsWidget /> : null} />
      <MainContent>
        <AuthRequiredNotice />
        <ProtectedRoute>
          <Outlet />
        </ProtectedRoute>
      </MainContent>
    </div>
  );
}
