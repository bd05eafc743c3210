import { EMAIL_CHANGE_TTL_HOURS, type Locale } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { counted, plural } from '../../mail/plural';
import { type EmailParagraphs, renderLinkEmail } from '../../mail/render';

// The optional emails (Settings → Notifications) and the two emails of an email change, in both languages.

type To = { email: string; name: string; locale: Locale };

export type BatchOutcome = { clientName: string; ready: number; duplicates: number; failed: number };

const BATCH: Record<Locale, (v: BatchOutcome & { name: string }) => EmailParagraphs> = {
  en: (v) => ({
    subject: `Your documents for ${v.clientName} are processed`,
    greeting: `Hello ${v.name},`,
    intro: `Every document you uploaded for ${v.clientName} has been read: ${v.ready} ready to review, ${counted('en', v.duplicates, { one: 'already there (a duplicate, not charged)', other: 'already there (duplicates, not charged)' })} and ${v.failed} that could not be read (not charged).`,
    action: 'Review the invoices',
    outro: 'You receive this email because it is on in Settings → Notifications, where you can turn it off.',
  }),
  es: (v) => ({
    subject: `Tus documentos de ${v.clientName} ya están procesados`,
    greeting: `Hola, ${v.name}:`,
    intro: `Hemos leído todos los documentos que subiste para ${v.clientName}: ${counted('es', v.ready, { one: 'listo para revisar', other: 'listos para revisar' })}, ${counted('es', v.duplicates, { one: 'que ya estaba (duplicado, sin coste)', other: 'que ya estaban (duplicados, sin coste)' })} y ${counted('es', v.failed, { one: 'que no se ha podido leer (sin coste)', other: 'que no se han podido leer (sin coste)' })}.`,
    action: 'Revisar las facturas',
    outro: 'Recibes este correo porque está activado en Ajustes → Notificaciones, donde puedes desactivarlo.',
  }),
};

const LOW: Record<Locale, (v: { name: string; available: number }) => EmailParagraphs> = {
  en: (v) => ({
    subject: `You have ${counted('en', v.available, { one: 'scan', other: 'scans' })} left in Cuadra`,
    greeting: `Hello ${v.name},`,
    intro: `Your balance is down to ${counted('en', v.available, { one: 'scan', other: 'scans' })}. When it reaches zero, new uploads are refused until you buy more.`,
    action: 'Buy credits',
    outro: 'You receive this email because it is on in Settings → Notifications, where you can turn it off.',
  }),
  es: (v) => ({
    subject: `${plural('es', v.available, { one: 'Te queda', other: 'Te quedan' })} ${counted('es', v.available, { one: 'escaneo', other: 'escaneos' })} en Cuadra`,
    greeting: `Hola, ${v.name}:`,
    intro: `Tu saldo ha bajado a ${counted('es', v.available, { one: 'escaneo', other: 'escaneos' })}. Cuando llegue a cero, no se podrán subir más documentos hasta que compres créditos.`,
    action: 'Comprar créditos',
    outro: 'Recibes este correo porque está activado en Ajustes → Notificaciones, donde puedes desactivarlo.',
  }),
};

type Accepted = { name: string; freelancerName: string; clientName: string };

const ACCEPTED: Record<Locale, (v: Accepted) => EmailParagraphs> = {
  en: (v) => ({
    subject: `${v.freelancerName} accepted your invitation`,
    greeting: `Hello ${v.name},`,
    intro: `${v.freelancerName} accepted your invitation to Cuadra and is now linked to your client ${v.clientName}: the invoices they upload reach you.`,
    action: 'Open the client',
    outro: 'You receive this email because it is on in Settings → Notifications, where you can turn it off.',
  }),
  es: (v) => ({
    subject: `${v.freelancerName} ha aceptado tu invitación`,
    greeting: `Hola, ${v.name}:`,
    intro: `${v.freelancerName} ha aceptado tu invitación a Cuadra y ya está vinculado a tu cliente ${v.clientName}: las facturas que suba te llegarán.`,
    action: 'Abrir el cliente',
    outro: 'Recibes este correo porque está activado en Ajustes → Notificaciones, donde puedes desactivarlo.',
  }),
};

export type WeeklyFigures = { processed: number; toReview: number; available: number };

const WEEKLY: Record<Locale, (v: WeeklyFigures & { name: string }) => EmailParagraphs> = {
  en: (v) => ({
    subject: 'Your week in Cuadra',
    greeting: `Hello ${v.name},`,
    intro: `In the last 7 days ${counted('en', v.processed, { one: 'document was', other: 'documents were' })} read. ${counted('en', v.toReview, { one: 'invoice is', other: 'invoices are' })} waiting for review, and you have ${counted('en', v.available, { one: 'scan', other: 'scans' })} available.`,
    action: 'Open Cuadra',
    outro: 'You receive this email because it is on in Settings → Notifications, where you can turn it off.',
  }),
  es: (v) => ({
    subject: 'Tu semana en Cuadra',
    greeting: `Hola, ${v.name}:`,
    intro: `En los últimos 7 días ${plural('es', v.processed, { one: 'se ha leído', other: 'se han leído' })} ${counted('es', v.processed, { one: 'documento', other: 'documentos' })}. Hay ${counted('es', v.toReview, { one: 'factura pendiente', other: 'facturas pendientes' })} de revisar y tienes ${counted('es', v.available, { one: 'escaneo disponible', other: 'escaneos disponibles' })}.`,
    action: 'Abrir Cuadra',
    outro: 'Recibes este correo porque está activado en Ajustes → Notificaciones, donde puedes desactivarlo.',
  }),
};

const CONFIRM_CHANGE: Record<Locale, (v: { name: string; newEmail: string }) => EmailParagraphs> = {
  en: (v) => ({
    subject: 'Confirm your new email for Cuadra',
    greeting: `Hello ${v.name},`,
    intro: `You asked to use ${v.newEmail} for your Cuadra account. Your email changes only when you open this link.`,
    action: 'Confirm my new email',
    outro: `The link is valid for ${EMAIL_CHANGE_TTL_HOURS} hours and works once. If you did not ask for it, ignore this email: nothing changes.`,
  }),
  es: (v) => ({
    subject: 'Confirma tu nuevo correo en Cuadra',
    greeting: `Hola, ${v.name}:`,
    intro: `Has pedido usar ${v.newEmail} en tu cuenta de Cuadra. Tu correo solo cambia cuando abras este enlace.`,
    action: 'Confirmar mi nuevo correo',
    outro: `El enlace es válido durante ${EMAIL_CHANGE_TTL_HOURS} horas y solo se puede usar una vez. Si no lo has pedido tú, ignora este correo: no cambia nada.`,
  }),
};

const CHANGED: Record<Locale, (v: { name: string; newEmail: string }) => EmailParagraphs> = {
  en: (v) => ({
    subject: 'The email of your Cuadra account has changed',
    greeting: `Hello ${v.name},`,
    intro: `The email of your Cuadra account is now ${v.newEmail}. From now on, sign in and receive our emails there.`,
    action: 'Contact us',
    outro: 'If you did not make this change, contact us straight away.',
  }),
  es: (v) => ({
    subject: 'El correo de tu cuenta de Cuadra ha cambiado',
    greeting: `Hola, ${v.name}:`,
    intro: `El correo de tu cuenta de Cuadra ahora es ${v.newEmail}. A partir de ahora, inicia sesión y recibe nuestros correos en esa dirección.`,
    action: 'Contactar',
    outro: 'Si no has hecho tú este cambio, ponte en contacto con nosotros enseguida.',
  }),
};

export const batchFinishedEmail = (to: To, v: BatchOutcome, link: string): Mail =>
  renderLinkEmail(to.email, BATCH[to.locale]({ ...v, name: to.name }), link);

export const lowCreditsEmail = (to: To, available: number, link: string): Mail =>
  renderLinkEmail(to.email, LOW[to.locale]({ name: to.name, available }), link);

export const invitationAcceptedEmail = (
  to: To,
  v: { freelancerName: string; clientName: string },
  link: string,
): Mail => renderLinkEmail(to.email, ACCEPTED[to.locale]({ ...v, name: to.name }), link);

export const weeklySummaryEmail = (to: To, v: WeeklyFigures, link: string): Mail =>
  renderLinkEmail(to.email, WEEKLY[to.locale]({ ...v, name: to.name }), link);

/** To the NEW address: the link that applies the change. */
export const confirmEmailChangeEmail = (to: To, newEmail: string, link: string): Mail =>
  renderLinkEmail(newEmail, CONFIRM_CHANGE[to.locale]({ name: to.name, newEmail }), link);

/** To the OLD address, once the change is applied. */
export const emailChangedEmail = (to: To, newEmail: string, link: string): Mail =>
  renderLinkEmail(to.email, CHANGED[to.locale]({ name: to.name, newEmail }), link);
