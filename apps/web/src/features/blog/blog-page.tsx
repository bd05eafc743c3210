import { PlaceholderPage } from '../../components/placeholder-page';

export function BlogPage() {
  return <PlaceholderPage page="blog" />;
}
