import { PlaceholderPage } from '../../components/placeholder-page';

export function AcceptInvitationPage() {
  return <PlaceholderPage page="acceptInvitation" />;
}
