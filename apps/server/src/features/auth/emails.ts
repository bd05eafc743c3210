import {
  type Locale,
  PASSWORD_RESET_TTL_HOURS,
  VERIFY_EMAIL_TTL_HOURS,
  WELCOME_CREDITS,
} from '@cuadra/shared';
import type { Mail } from '../../mail/mailer';
import { type EmailParagraphs as Paragraphs, renderLinkEmail as render } from '../../mail/render';

const VERIFY: Record<Locale, (v: { name: string }) => Paragraphs> = {
  en: ({ name }) => ({
    subject: 'Confirm your email for Cuadra',
    greeting: `Hello ${name},`,
    intro: `Welcome to Cuadra. Confirm your email address to activate your account and receive your ${WELCOME_CREDITS} welcome credits.`,
    action: 'Confirm my email',
    outro: `The link is valid for ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`,
  }),
  es: ({ name }) => ({
    subject: 'Confirma tu correo electrónico en Cuadra',
    greeting: `Hola, ${name}:`,
    intro: `Te damos la bienvenida a Cuadra. Confirma tu dirección de correo para activar tu cuenta y recibir tus ${WELCOME_CREDITS} créditos de bienvenida.`,
    action: 'Confirmar mi correo',
    outro: `El enlace es válido durante ${VERIFY_EMAIL_TTL_HOURS} horas. Si no has creado una cuenta, puedes ignorar este correo.`,
  }),
};

const RESET: Record<Locale, (v: { name: string }) => Paragraphs> = {
  en: ({ name }) => ({
    subject: 'Reset your Cuadra password',
    greeting: `Hello ${name},`,
    intro:
      'We received a request to reset the password of your Cuadra account. To choose a new password, open this link:',
    action: 'Choose a new password',
    outro: `The link is valid for ${PASSWORD_RESET_TTL_HOURS} hour and works once. If you did not ask for it, ignore this email: your password stays the same.`,
  }),
  es: ({ name }) => ({
    subject: 'Restablece tu contraseña de Cuadra',
    greeting: `Hola, ${name}:`,
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Cuadra. Para elegir una contraseña nueva, abre este enlace:',
    action: 'Elegir una contraseña nueva',
    outro: `El enlace es válido durante ${PASSWORD_RESET_TTL_HOURS} hora y solo se puede usar una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.`,
  }),
};

const EXISTS: Record<Locale, (v: { name: string }) => Paragraphs> = {
  en: ({ name }) => ({
    subject: 'You already have a Cuadra account',
    greeting: `Hello ${name},`,
    intro:
      'Someone tried to create a Cuadra account with this email address, which already has one. If it was you, just log in; if you have forgotten your password, choose "Forgot your password?" on the login page.',
    action: 'Log in',
    outro: 'If it was not you, you can ignore this email: nothing has changed in your account.',
  }),
  es: ({ name }) => ({
    subject: 'Ya tienes una cuenta en Cuadra',
    greeting: `Hola, ${name}:`,
    intro:
      'Alguien ha intentado crear una cuenta de Cuadra con esta dirección de correo, que ya tiene una. Si has sido tú, inicia sesión; si no recuerdas la contraseña, elige «¿Has olvidado tu contraseña?» en la página de inicio de sesión.',
    action: 'Iniciar sesión',
    outro: 'Si no has sido tú, puedes ignorar este correo: tu cuenta no ha cambiado.',
  }),
};

export function verificationEmail(to: { email: string; name: string; locale: Locale }, link: string): Mail {
  return render(to.email, VERIFY[to.locale]({ name: to.name }), link);
}

export function passwordResetEmail(to: { email: string; name: string; locale: Locale }, link: string): Mail {
  return render(to.email, RESET[to.locale]({ name: to.name }), link);
}

/** To the owner of an address someone tried to sign up with again (register answers the same either way). */
export function accountExistsEmail(to: { email: string; name: string; locale: Locale }, link: string): Mail {
  return render(to.email, EXISTS[to.locale]({ name: to.name }), link);
}
