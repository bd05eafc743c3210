import { PlaceholderPage } from '../../components/placeholder-page';

export function StartFreePage() {
  return <PlaceholderPage page="startFree" />;
}
