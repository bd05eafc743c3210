import { PlaceholderPage } from '../../components/placeholder-page';

export function SuccessPage() {
  return <PlaceholderPage page="success" />;
}
