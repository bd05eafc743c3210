import { PlaceholderPage } from '../../components/placeholder-page';

export function DocumentsPage() {
  return <PlaceholderPage page="documents" />;
}
