import { PlaceholderPage } from '../../components/placeholder-page';

export function ContactPage() {
  return <PlaceholderPage page="contact" />;
}
