import { INVITATION_TTL_DAYS, type Locale, type MemberRole } from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { type EmailParagraphs, renderLinkEmail } from '../../mail/render';

type TeamInvitationVars = { inviterName: string; firmName: string; role: MemberRole };

const ROLE_NAMES: Record<Locale, Record<MemberRole, string>> = {
  en: { admin: 'an administrator', staff: 'a staff member', reader: 'a reader (read and export only)' },
  es: { admin: 'administrador', staff: 'miembro del equipo', reader: 'lector (solo consulta y exportación)' },
};

const TEAM_INVITATION: Record<Locale, (v: TeamInvitationVars) => EmailParagraphs> = {
  en: ({ inviterName, firmName, role }) => ({
    subject: `${inviterName} invites you to the team of ${firmName} in Cuadra`,
    greeting: 'Hello,',
    intro: `${inviterName} invites you to join ${firmName} in Cuadra as ${ROLE_NAMES.en[role]}. Accept the invitation to work on the firm's clients. If you do not have an account yet, create an accountant account with this email address.`,
    action: 'Join the team',
    outro: `The link is valid for ${INVITATION_TTL_DAYS} days and works once. If you were not expecting it, you can ignore this email.`,
  }),
  es: ({ inviterName, firmName, role }) => ({
    subject: `${inviterName} te invita al equipo de ${firmName} en Cuadra`,
    greeting: 'Hola:',
    intro: `${inviterName} te invita a unirte a ${firmName} en Cuadra como ${ROLE_NAMES.es[role]}. Acepta la invitación para trabajar con los clientes de la asesoría. Si aún no tienes cuenta, crea una cuenta de asesor con esta dirección de correo.`,
    action: 'Unirme al equipo',
    outro: `El enlace es válido durante ${INVITATION_TTL_DAYS} días y solo se puede usar una vez. Si no lo esperabas, puedes ignorar este correo.`,
  }),
};

export function teamInvitationEmail(
  to: { email: string; locale: Locale },
  vars: TeamInvitationVars,
  link: string,
): Mail {
  return renderLinkEmail(to.email, TEAM_INVITATION[to.locale](vars), link);
}
