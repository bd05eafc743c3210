import { PlaceholderPage } from '../../components/placeholder-page';

export function InvitationAcceptedPage() {
  return <PlaceholderPage page="invitationAccepted" />;
}
