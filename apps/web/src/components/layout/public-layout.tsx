import { Outlet } from 'react-router';
import { MainContent } from './main-content';

/** Pages anyone may see: the content takes the full width between top bar and footer. */
export function PublicLayout() {
  return (
    <MainContent>
      <Outlet />
    </MainContent>
  );
}
