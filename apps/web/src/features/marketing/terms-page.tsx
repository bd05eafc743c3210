import { PlaceholderPage } from '../../components/placeholder-page';

export function TermsPage() {
  return <PlaceholderPage page="terms" />;
}
