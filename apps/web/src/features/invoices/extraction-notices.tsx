import type { Invoice } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';

/**
 * The engine's warnings an accountant acts on, in the order they matter: what was left out, what does not
 * add up, what to check against the original. Warnings about how a page was read (turned, small print)
 * change nothing the accountant does and stay in the log.
 */
const NOTICES = [
  ['MULTIPLE_INVOICES', 'multipleInvoices'],
  ['TOTAL_PART_OF_LARGER', 'totalPartOfLarger'],
  ['PAID_ANOTHER_TOTAL', 'paidAnotherTotal'],
  ['AMOUNTS_UNRECONCILED', 'amountsUnreconciled'],
  ['AMOUNTS_CENT_DIFFERENCE', 'amountsCentDifference'],
  ['VAT_RATE_MISMATCH', 'vatRateMismatch'],
  ['VAT_RATE_UNUSUAL', 'vatRateUnusual'],
  ['LINES_UNRECONCILED', 'linesUnreconciled'],
  ['VAT_IMPLAUSIBLE', 'vatImplausible'],
  ['SURCHARGE_IMPLAUSIBLE', 'surchargeImplausible'],
  ['WITHHOLDING_IMPLAUSIBLE', 'withholdingImplausible'],
  ['CREDIT_NOTE_SIGN_UNREAD', 'creditNoteSignUnread'],
  ['QR_MISMATCH', 'qrMismatch'],
  ['DATE_IMPLAUSIBLE', 'dateImplausible'],
  ['DUE_BEFORE_ISSUE', 'dueBeforeIssue'],
  ['IBAN_CHECK_FAILED', 'ibanCheckFailed'],
  ['PAGES_NOT_READ', 'pagesNotRead'],
  ['LOW_OCR_CONFIDENCE', 'hardToRead'],
] as const;

/** One amber notice per warning the engine left on this invoice, for the edit screen and the desk alike. */
export function ExtractionNotices({ codes }: { codes: Invoice['extractionWarnings'] }) {
  const { t } = useTranslation('invoices');
  const shown = NOTICES.filter(([code]) => codes.includes(code));
  if (!shown.length) return null;
  return (
    <ul aria-label={t('notices.label')} className="space-y-2">
      {shown.map(([code, key]) => (
        <li
          key={code}
          data-warning={code}
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t(`notices.${key}`)}
        </li>
      ))}
    </ul>
  );
}
