import { PlaceholderPage } from '../../components/placeholder-page';

export function HelpPage() {
  return <PlaceholderPage page="help" />;
}
