import { PlaceholderPage } from '../../components/placeholder-page';

export function VerifyEmailPage() {
  return <PlaceholderPage page="verifyEmail" />;
}
