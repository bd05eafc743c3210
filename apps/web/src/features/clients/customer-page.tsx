import { PlaceholderPage } from '../../components/placeholder-page';

export function CustomerPage() {
  return <PlaceholderPage page="customer" />;
}
