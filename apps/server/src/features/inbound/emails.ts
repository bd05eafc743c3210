import type { Locale } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { escapeHtml } from '../../mail/render';
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
  const htmlList = (items: string[]) =>
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
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
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2430;line-height:1.5">
<p>${escapeHtml(copy.intro)}</p>
<p>${escapeHtml(copy.read)}</p>${vars.files.length ? htmlList(vars.files) : ''}
${skipped.length ? `<p>${escapeHtml(copy.skipped)}</p>${htmlList(skipped)}` : ''}
<p>Cuadra</p>
</body></html>`;
  return { to, subject: copy.subject.slice(0, 200), text, html };
}
