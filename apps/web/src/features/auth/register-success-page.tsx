import { PlaceholderPage } from '../../components/placeholder-page';

export function RegisterSuccessPage() {
  return <PlaceholderPage page="registerSuccess" />;
}
