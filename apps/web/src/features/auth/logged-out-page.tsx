import { PlaceholderPage } from '../../components/placeholder-page';

export function LoggedOutPage() {
  return <PlaceholderPage page="loggedOut" />;
}
