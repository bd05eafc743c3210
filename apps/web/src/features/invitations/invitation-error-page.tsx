import { PlaceholderPage } from '../../components/placeholder-page';

export function InvitationErrorPage() {
  return <PlaceholderPage page="invitationError" />;
}
