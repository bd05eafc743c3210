import { formatLongDate, type Locale } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { type EmailParagraphs, renderLinkEmail } from '../../mail/render';

type Vars = { name: string; count: number; date: string; days: number };

const WARNING: Record<Locale, (v: Vars) => EmailParagraphs> = {
  en: ({ name, count, date, days }) => ({
    subject:
      count === 1
        ? 'One of your documents will be deleted in 7 days'
        : `${count} of your documents will be deleted in 7 days`,
    greeting: `Hello ${name},`,
    intro: `Your plan keeps documents for ${days} days. ${count === 1 ? 'One document is' : `${count} documents are`} about to pass that age: from ${date} the original files and the data read from them will be deleted. Download or export anything you want to keep before then, or choose a plan with a longer retention.`,
    action: 'See plans',
    outro: 'You receive this warning once for each document, 7 days before it is deleted.',
  }),
  es: ({ name, count, date, days }) => ({
    subject:
      count === 1
        ? 'Uno de tus documentos se eliminará dentro de 7 días'
        : `${count} de tus documentos se eliminarán dentro de 7 días`,
    greeting: `Hola, ${name}:`,
    intro: `Tu plan conserva los documentos durante ${days} días. ${count === 1 ? 'Un documento está' : `${count} documentos están`} a punto de superar ese plazo: a partir del ${date} se eliminarán los archivos originales y los datos extraídos de ellos. Descarga o exporta lo que quieras conservar antes de esa fecha, o elige un plan con una conservación más larga.`,
    action: 'Ver planes',
    outro: 'Recibes este aviso una sola vez por documento, 7 días antes de que se elimine.',
  }),
};

/** The warning 7 days before retention deletes documents, in the owner's language. */
export function retentionWarningEmail(
  to: { email: string; name: string; locale: Locale },
  vars: { count: number; deleteOn: Date; days: number },
  link: string,
): Mail {
  const date = formatLongDate(vars.deleteOn, to.locale);
  return renderLinkEmail(to.email, WARNING[to.locale]({ name: to.name, ...vars, date }), link);
}
