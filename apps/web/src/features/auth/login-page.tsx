import { PlaceholderPage } from '../../components/placeholder-page';

export function LoginPage() {
  return <PlaceholderPage page="login" />;
}
