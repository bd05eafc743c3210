import type { Locale } from '@cuadra/shared';
import { html } from 'hono/html';
import type { Mail } from '../../mail/mailer';
import { bulletList, emailDocument, paragraph, signature } from '../../mail/render';
import type { Skipped } from './parts';

type ReplyVars = { clientName: string; subject: string | null; files: string[]; skipped: Skipped[] };

const REASONS: Record<Locale, Record<string, string>> = {
  en: {
    EMPTY_FILE: 'empty file',
    FILE_TOO_LARGE: 'too large',
    UNSUPPORTED_TYPE: 'not a PDF, JPG, PNG or XML',
    TOO_MANY_FILES: 'too many files in one mail',
  },
  es: {
    EMPTY_FILE: 'archivo vacío',
    FILE_TOO_LARGE: 'demasiado grande',
    UNSUPPORTED_TYPE: 'no es PDF, JPG, PNG ni XML',
    TOO_MANY_FILES: 'demasiados archivos en un correo',
  },
};

const COPY: Record<
  Locale,
  (v: ReplyVars) => { subject: string; intro: string; read: string; skipped: string }
> = {
  en: (v) => ({
    subject: `Received for ${v.clientName}${v.subject ? `: ${v.subject}` : ''}`,
    intro: `Your mail reached ${v.clientName}'s invoices in Cuadra.`,
    read: v.files.length ? `Being read (${v.files.length}):` : 'Nothing in it could be read as an invoice.',
    skipped: 'Not read:',
  }),
  es: (v) => ({
    subject: `Recibido para ${v.clientName}${v.subject ? `: ${v.subject}` : ''}`,
    intro: `Tu correo ha llegado a las facturas de ${v.clientName} en Cuadra.`,
    read: v.files.length
      ? `Se están leyendo (${v.files.length}):`
      : 'No contenía nada que se pudiera leer como factura.',
    skipped: 'No leídos:',
  }),
};

/**
 * The reply to a mail's sender, sent only when the accountant turned replies on for the client: which
 * files are being read and which were not, and why. Never sent to a refused sender (no backscatter).
 */
export function inboundReplyEmail(to: string, locale: Locale, vars: ReplyVars): Mail {
  const copy = COPY[locale](vars);
  const skipped = vars.skipped.map((s) => `${s.name} (${REASONS[locale][s.reason] ?? s.reason})`);
  const list = (items: string[]) => items.map((item) => `- ${item}`).join('\n');
  const text = [
    copy.intro,
    '',
    copy.read,
    list(vars.files),
    ...(skipped.length ? ['', copy.skipped, list(skipped)] : []),
    '',
    'Cuadra',
    '',
  ].join('\n');
  const body = html`${paragraph(copy.intro)}
${paragraph(copy.read)}${vars.files.length ? bulletList(vars.files) : ''}
${skipped.length ? html`${paragraph(copy.skipped)}${bulletList(skipped)}` : ''}
${signature}`;
  return { to, subject: copy.subject.slice(0, 200), text, html: emailDocument(body) };
}
