import { INVITATION_TTL_DAYS, type Locale } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { type EmailParagraphs, renderLinkEmail } from '../../mail/render';

type InvitationVars = { inviterName: string; clientName: string };

const INVITATION: Record<Locale, (v: InvitationVars) => EmailParagraphs> = {
  en: ({ inviterName, clientName }) => ({
    subject: `${inviterName} invites you to Cuadra`,
    greeting: 'Hello,',
    intro: `${inviterName} manages the invoices of ${clientName} in Cuadra and invites you to join. Accept the invitation to see your invoices and upload new ones. If you do not have an account yet, you can create one for free with this email address.`,
    action: 'Accept the invitation',
    outro: `The link is valid for ${INVITATION_TTL_DAYS} days and works once. If you were not expecting it, you can ignore this email.`,
  }),
  es: ({ inviterName, clientName }) => ({
    subject: `${inviterName} te invita a Cuadra`,
    greeting: 'Hola:',
    intro: `${inviterName} gestiona las facturas de ${clientName} en Cuadra y te invita a unirte. Acepta la invitación para ver tus facturas y subir otras nuevas. Si aún no tienes cuenta, puedes crear una gratis con esta dirección de correo.`,
    action: 'Aceptar la invitación',
    outro: `El enlace es válido durante ${INVITATION_TTL_DAYS} días y solo se puede usar una vez. Si no lo esperabas, puedes ignorar este correo.`,
  }),
};

export function invitationEmail(
  to: { email: string; locale: Locale },
  vars: InvitationVars,
  link: string,
): Mail {
  return renderLinkEmail(to.email, INVITATION[to.locale](vars), link);
}
