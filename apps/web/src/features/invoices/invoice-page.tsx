import { useLocation, useParams } from 'react-router';
import { InvoiceScreen } from './invoice-screen';

/** `/invoicePage/:invoiceId` (spec-2 §2.3): edit any invoice; saving marks it reviewed. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const state = useLocation().state as { clientId?: unknown } | null;
  const clientId = typeof state?.clientId === 'string' ? state.clientId : null;
  return <InvoiceScreen key={invoiceId} invoiceId={invoiceId} mode="edit" clientIdHint={clientId} />;
}
