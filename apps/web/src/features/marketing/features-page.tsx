import { PlaceholderPage } from '../../components/placeholder-page';

export function FeaturesPage() {
  return <PlaceholderPage page="features" />;
}
