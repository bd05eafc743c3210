import { PlaceholderPage } from '../../components/placeholder-page';

export function CreditsPage() {
  return <PlaceholderPage page="credits" />;
}
