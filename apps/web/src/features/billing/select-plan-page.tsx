import { PlaceholderPage } from '../../components/placeholder-page';

export function SelectPlanPage() {
  return <PlaceholderPage page="selectPlan" />;
}
