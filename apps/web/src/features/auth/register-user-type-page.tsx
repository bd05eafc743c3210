import { PlaceholderPage } from '../../components/placeholder-page';

export function RegisterUserTypePage() {
  return <PlaceholderPage page="registerUserType" />;
}
