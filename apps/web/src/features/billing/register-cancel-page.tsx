import { PlaceholderPage } from '../../components/placeholder-page';

export function RegisterCancelPage() {
  return <PlaceholderPage page="registerCancel" />;
}
