import { PlaceholderPage } from '../../components/placeholder-page';

export function BlogPostPage() {
  return <PlaceholderPage page="blogPost" />;
}
