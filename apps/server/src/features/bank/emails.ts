import { BANK_REQUEST_TTL_DAYS, formatMoney, type Locale } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { type EmailParagraphs, renderLinkEmail } from '../../mail/render';

type RequestVars = {
  accountantName: string;
  clientName: string;
  lines: { bookingDate: string; amountCents: number; currency: string; concept: string }[];
  /** A scheduled reminder: the same list (what still waits), the subject says so. */
  reminder?: boolean;
};

const REMINDER: Record<Locale, string> = { en: 'Reminder: ', es: 'Recordatorio: ' };

const REQUEST: Record<Locale, (v: RequestVars, list: string) => EmailParagraphs> = {
  en: ({ accountantName, clientName, lines }, list) => ({
    subject: `${accountantName} needs ${lines.length} invoice${lines.length === 1 ? '' : 's'} for ${clientName}`,
    greeting: 'Hello,',
    intro: `${accountantName} found these bank movements of ${clientName} without an invoice:\n${list}\nPlease add the invoice or receipt of each one. You can do it from your phone, no account needed.`,
    action: 'Add the invoices',
    outro: `The link is valid for ${BANK_REQUEST_TTL_DAYS} days and only for these movements. If you were not expecting it, you can ignore this email.`,
  }),
  es: ({ accountantName, clientName, lines }, list) => ({
    subject: `${accountantName} necesita ${lines.length} factura${lines.length === 1 ? '' : 's'} de ${clientName}`,
    greeting: 'Hola:',
    intro: `${accountantName} ha encontrado estos movimientos bancarios de ${clientName} sin factura:\n${list}\nAñade la factura o el justificante de cada uno. Puedes hacerlo desde el móvil, sin cuenta.`,
    action: 'Añadir las facturas',
    outro: `El enlace es válido durante ${BANK_REQUEST_TTL_DAYS} días y solo para estos movimientos. Si no lo esperabas, puedes ignorar este correo.`,
  }),
};

/** The request for missing documents, in the client's language, listing each movement. */
export function missingDocumentsEmail(
  to: { email: string; locale: Locale },
  vars: RequestVars,
  link: string,
): Mail {
  const list = vars.lines
    .map(
      (l) =>
        `- ${l.bookingDate} · ${formatMoney(l.amountCents, to.locale, { currency: l.currency })} · ${l.concept}`,
    )
    .join('\n');
  const paragraphs = REQUEST[to.locale](vars, list);
  const subject = vars.reminder ? `${REMINDER[to.locale]}${paragraphs.subject}` : paragraphs.subject;
  return renderLinkEmail(to.email, { ...paragraphs, subject }, link);
}
