import { PlaceholderPage } from '../../components/placeholder-page';

export function ErrorPage() {
  return <PlaceholderPage page="error" />;
}
