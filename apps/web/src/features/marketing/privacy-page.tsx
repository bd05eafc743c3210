import { PlaceholderPage } from '../../components/placeholder-page';

export function PrivacyPage() {
  return <PlaceholderPage page="privacy" />;
}
