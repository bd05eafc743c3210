import { Outlet } from 'react-router';
import { MainContent } from './main-content';
import { Sidebar } from './sidebar';

/**
 * The layout of the signed-in area (spec-2 §2.1): desktop sidebar and content.
 * No guard yet: the accounts feature adds the protected-route guard of spec-1 §2 here (token and user,
 * otherwise a redirect to /login with the requested location) and fills the sidebar's credits and account.
 */
export function ProtectedLayout() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1">
      <Sidebar />
      <MainContent>
        <Outlet />
      </MainContent>
    </div>
  );
}
