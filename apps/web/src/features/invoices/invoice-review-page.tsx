import { PlaceholderPage } from '../../components/placeholder-page';

export function InvoiceReviewPage() {
  return <PlaceholderPage page="invoiceReview" />;
}
