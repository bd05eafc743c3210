import type { Locale } from './locale';

/**
 * Every failure the API can answer with. The server sends the code; the browser and emails show the
 * message in the user's language. A code without a message in both languages fails to compile.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: {
    en: 'Some fields are not valid. Please check them and try again.',
    es: 'Algunos campos no son válidos. Revísalos e inténtalo de nuevo.',
  },
  BAD_JSON: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la petición no es un JSON válido.',
  },
  UNAUTHORIZED: {
    en: 'Authentication error. Please sign in again.',
    es: 'Error de autenticación. Vuelve a iniciar sesión.',
  },
  FORBIDDEN: {
    en: 'Access denied. Please check your credentials.',
    es: 'Acceso denegado. Comprueba tus credenciales.',
  },
  NOT_FOUND: {
    en: 'We could not find what you were looking for.',
    es: 'No hemos encontrado lo que buscabas.',
  },
  ROUTE_NOT_FOUND: {
    en: 'This API route does not exist.',
    es: 'Esta ruta de la API no existe.',
  },
  CONFLICT: {
    en: 'This conflicts with something that already exists.',
    es: 'Esto entra en conflicto con algo que ya existe.',
  },
  RATE_LIMITED: {
    en: 'Too many attempts. Please wait a moment and try again.',
    es: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request is too large.',
    es: 'La petición es demasiado grande.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'This type of content is not supported.',
    es: 'Este tipo de contenido no está admitido.',
  },
  SERVICE_UNAVAILABLE: {
    en: 'The service is starting or temporarily unavailable. Please try again shortly.',
    es: 'El servicio se está iniciando o no está disponible. Inténtalo de nuevo en unos instantes.',
  },
  INTERNAL: {
    en: 'Server error, please try again later',
    es: 'Error del servidor, inténtalo de nuevo más tarde',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_MESSAGES[code][locale];
}
