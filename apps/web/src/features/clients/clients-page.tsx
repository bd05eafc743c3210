import { PlaceholderPage } from '../../components/placeholder-page';

export function ClientsPage() {
  return <PlaceholderPage page="clients" />;
}
