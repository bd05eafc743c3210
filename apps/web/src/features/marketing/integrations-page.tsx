import { PlaceholderPage } from '../../components/placeholder-page';

export function IntegrationsPage() {
  return <PlaceholderPage page="integrations" />;
}
