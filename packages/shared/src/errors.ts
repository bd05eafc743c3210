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
  CONTACT_DETAILS_REQUIRED: {
    en: 'Please tell us your name and an email address to answer to.',
    es: 'Indica tu nombre y un correo electrónico al que podamos responderte.',
  },
  RATE_LIMITED: {
    en: 'Too many attempts. Please wait a moment and try again.',
    es: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  },
  CROSS_ORIGIN_REFUSED: {
    en: 'This request did not come from a Cuadra page and was refused.',
    es: 'Esta petición no procede de una página de Cuadra y se ha rechazado.',
  },
  MULTIPART_MALFORMED: {
    en: 'The upload is incomplete or malformed. Please try again.',
    es: 'La subida está incompleta o mal formada. Inténtalo de nuevo.',
  },
  UPLOAD_STALLED: {
    en: 'The upload stopped sending data and was cancelled. Please try again.',
    es: 'La subida dejó de enviar datos y se ha cancelado. Inténtalo de nuevo.',
  },
  UPLOAD_TOO_SLOW: {
    en: 'The upload was arriving too slowly and was cancelled. Please try again on a better connection.',
    es: 'La subida llegaba demasiado despacio y se ha cancelado. Inténtalo de nuevo con una conexión mejor.',
  },
  TOO_MANY_UPLOADS: {
    en: 'You have too many uploads in progress. Please wait for one to finish and try again.',
    es: 'Tienes demasiadas subidas en curso. Espera a que termine alguna e inténtalo de nuevo.',
  },
  STORAGE_FULL: {
    en: 'The server has run out of storage space. Nothing was uploaded and no credit was used; please try again later.',
    es: 'El servidor se ha quedado sin espacio de almacenamiento. No se ha subido nada ni se ha usado ningún crédito; inténtalo de nuevo más tarde.',
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
  INVALID_CREDENTIALS: {
    en: 'Invalid username or password. Please try again.',
    es: 'Usuario o contraseña incorrectos. Inténtalo de nuevo.',
  },
  CURRENT_PASSWORD_WRONG: {
    en: 'Your current password is not correct.',
    es: 'La contraseña actual no es correcta.',
  },
  EMAIL_TAKEN: {
    en: 'An account with this email already exists. Please log in instead.',
    es: 'Ya existe una cuenta con este correo electrónico. Inicia sesión.',
  },
  EMAIL_IN_USE: {
    en: 'Another account already uses this email address.',
    es: 'Otra cuenta ya usa esta dirección de correo.',
  },
  EMAIL_UNCHANGED: {
    en: 'This is already the email address of your account.',
    es: 'Esta ya es la dirección de correo de tu cuenta.',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is too common. Please choose one that is harder to guess.',
    es: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.',
  },
  TOKEN_EXPIRED: {
    en: 'This link has expired. Please request a new one.',
    es: 'Este enlace ha caducado. Solicita uno nuevo.',
  },
  TOKEN_INVALID: {
    en: 'This link is not valid. Please check it or request a new one.',
    es: 'Este enlace no es válido. Compruébalo o solicita uno nuevo.',
  },
  USER_NOT_FOUND: {
    en: 'User not found. Please check your username.',
    es: 'Usuario no encontrado. Comprueba tu nombre de usuario.',
  },
  EMAIL_NOT_VERIFIED: {
    en: 'Please verify your email address first.',
    es: 'Primero verifica tu dirección de correo electrónico.',
  },
  GOOGLE_NOT_CONFIGURED: {
    en: 'Sign-in with Google is not available.',
    es: 'El inicio de sesión con Google no está disponible.',
  },
  GOOGLE_TOKEN_INVALID: {
    en: 'We could not confirm your Google sign-in. Please try again.',
    es: 'No hemos podido confirmar tu inicio de sesión con Google. Inténtalo de nuevo.',
  },
  GOOGLE_EMAIL_UNVERIFIED: {
    en: 'Google has not verified this email address. Please sign up with your email and a password.',
    es: 'Google no ha verificado esta dirección de correo. Regístrate con tu correo y una contraseña.',
  },
  GOOGLE_LINK_REQUIRES_PASSWORD: {
    en: 'An account with this email already exists. Please log in with your password.',
    es: 'Ya existe una cuenta con este correo electrónico. Inicia sesión con tu contraseña.',
  },
  CLIENT_NOT_FOUND: {
    en: 'Client not found',
    es: 'Cliente no encontrado',
  },
  ACCOUNTANTS_ONLY: {
    en: 'Only accountants can add clients.',
    es: 'Solo los asesores pueden añadir clientes.',
  },
  TAX_ID_INVALID: {
    en: 'This tax id (NIF, NIE or CIF) is not valid. Please check it, especially its last character.',
    es: 'Este NIF, NIE o CIF no es válido. Revísalo, sobre todo el último carácter.',
  },
  CLIENT_TAX_ID_TAKEN: {
    en: 'You already have a client with this tax id.',
    es: 'Ya tienes un cliente con este NIF.',
  },
  CLIENT_ALREADY_LINKED: {
    en: 'This client is already linked to a registered user.',
    es: 'Este cliente ya está vinculado a un usuario registrado.',
  },
  INVITATION_INVALID: {
    en: 'This invitation is not valid or has already been used. Please ask for a new one.',
    es: 'Esta invitación no es válida o ya se ha usado. Pide una nueva.',
  },
  INVITATION_EXPIRED: {
    en: 'This invitation has expired. Please ask for a new one.',
    es: 'Esta invitación ha caducado. Pide una nueva.',
  },
  INVITATION_WRONG_ACCOUNT: {
    en: 'This invitation was sent to a different email address. Sign in with that address to accept it.',
    es: 'Esta invitación se envió a otra dirección de correo. Inicia sesión con esa dirección para aceptarla.',
  },
  INVITATION_FREELANCERS_ONLY: {
    en: 'Only a freelancer account can accept an invitation from an accountant.',
    es: 'Solo una cuenta de autónomo puede aceptar la invitación de un asesor.',
  },
  ROLE_READ_ONLY: {
    en: 'Your role in the firm lets you read and export, not change anything.',
    es: 'Tu rol en la asesoría te permite consultar y exportar, no modificar.',
  },
  ROLE_OWNER_ONLY: {
    en: 'Only the owner of the firm can do this: buy credits, change the plan or hand the firm over.',
    es: 'Solo el titular de la asesoría puede hacer esto: comprar créditos, cambiar el plan o traspasarla.',
  },
  ROLE_MANAGERS_ONLY: {
    en: 'Only the owner or an administrator of the firm can do this.',
    es: 'Solo el titular o un administrador de la asesoría puede hacer esto.',
  },
  MEMBER_NOT_FOUND: {
    en: 'This person is not a member of your firm.',
    es: 'Esta persona no es miembro de tu asesoría.',
  },
  FIRM_HANDOVER_SUBSCRIPTION: {
    en: 'This member pays for a plan of their own. They must cancel it before the firm is handed to them.',
    es: 'Este miembro paga un plan propio. Debe cancelarlo antes de que se le traspase la asesoría.',
  },
  MEMBER_ALREADY_IN_FIRM: {
    en: 'This person is already a member of your firm.',
    es: 'Esta persona ya es miembro de tu asesoría.',
  },
  FIRM_NOT_EMPTY: {
    en: 'Your account already has clients or colleagues of its own, so it cannot join another firm.',
    es: 'Tu cuenta ya tiene clientes o compañeros propios, así que no puede unirse a otra asesoría.',
  },
  FIRM_INVITATION_ACCOUNTANTS_ONLY: {
    en: 'Only an accountant account can join a firm. Sign up as an accountant with the invited address.',
    es: 'Solo una cuenta de asesor puede unirse a una asesoría. Regístrate como asesor con la dirección invitada.',
  },
  MEMBER_CREDIT_CAP_REACHED: {
    en: 'You have used the credits the firm allows you this month. Ask the owner to raise your monthly cap.',
    es: 'Has usado los créditos que la asesoría te permite este mes. Pide al titular que amplíe tu límite mensual.',
  },
  PACK_NOT_FOUND: {
    en: 'Please select a credit package.',
    es: 'Selecciona un paquete de créditos.',
  },
  CHECKOUT_FAILED: {
    en: 'There was an error processing your purchase. Please try again.',
    es: 'Se ha producido un error al procesar tu compra. Inténtalo de nuevo.',
  },
  PAYMENTS_NOT_CONFIGURED: {
    en: 'Payments are not configured on this server yet, so credits cannot be bought. Please contact support.',
    es: 'Los pagos aún no están configurados en este servidor, así que no se pueden comprar créditos. Contacta con soporte.',
  },
  CHECKOUT_NOT_FOUND: {
    en: 'This payment page does not exist or has expired.',
    es: 'Esta página de pago no existe o ha caducado.',
  },
  PLAN_NOT_FOUND: {
    en: 'Please select a plan.',
    es: 'Selecciona un plan.',
  },
  PLAN_CONTACT_ONLY: {
    en: 'The Enterprise plan is priced for each firm. Please contact us and we will prepare an offer.',
    es: 'El plan Enterprise se presupuesta para cada empresa. Contacta con nosotros y te prepararemos una oferta.',
  },
  COUPON_INVALID: {
    en: 'This coupon is not valid: it does not exist, has expired, has been used up or does not apply to this plan.',
    es: 'Este cupón no es válido: no existe, ha caducado, se ha agotado o no se aplica a este plan.',
  },
  UPGRADE_NEEDS_CHECKOUT: {
    en: 'An upgrade is paid for at checkout: pay the prorated amount shown to change plan now.',
    es: 'Una mejora de plan se paga en el pago: abona el importe prorrateado que se muestra para cambiar de plan ya.',
  },
  SUBSCRIPTION_EXISTS: {
    en: 'You already have a subscription. Change your plan from Settings → Plan instead.',
    es: 'Ya tienes una suscripción. Cambia de plan desde Ajustes → Plan.',
  },
  SUBSCRIPTION_NOT_FOUND: {
    en: 'You have no active subscription.',
    es: 'No tienes ninguna suscripción activa.',
  },
  PLAN_CHANGE_INVALID: {
    en: 'You can only change to another subscription plan.',
    es: 'Solo puedes cambiar a otro plan de suscripción.',
  },
  PORTAL_NOT_AVAILABLE: {
    en: 'Online billing management is not available on this server. Manage your plan from Settings → Plan.',
    es: 'La gestión de la facturación en línea no está disponible en este servidor. Gestiona tu plan desde Ajustes → Plan.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    en: 'The webhook signature is missing or not valid.',
    es: 'La firma del webhook falta o no es válida.',
  },
  NO_FILES: {
    en: 'Please choose at least one file to upload.',
    es: 'Elige al menos un archivo para subir.',
  },
  TOO_MANY_FILES: {
    en: 'Too many files at once. Please upload them in smaller groups.',
    es: 'Demasiados archivos a la vez. Súbelos en grupos más pequeños.',
  },
  INSUFFICIENT_CREDITS: {
    en: 'Your credit balance is too low for these files. Buy credits to upload them.',
    es: 'Tu saldo de créditos no alcanza para estos archivos. Compra créditos para subirlos.',
  },
  MONTHLY_LIMIT_EXCEEDED: {
    en: 'You have exceeded your monthly capacity: this client may upload no more files this month. Nothing was uploaded.',
    es: 'Has superado tu capacidad mensual: este cliente no puede subir más archivos este mes. No se ha subido nada.',
  },
  INVOICE_NOT_FOUND: {
    en: 'No invoice found',
    es: 'No se ha encontrado la factura',
  },
  PLACE_MEMORY_NOT_FOUND: {
    en: 'Nothing learned from a correction is left to forget for this field.',
    es: 'No queda nada aprendido de una corrección que olvidar en este campo.',
  },
  INVOICE_DUPLICATE: {
    en: 'Another invoice of this client has the same issuer and number.',
    es: 'Otra factura de este cliente tiene el mismo emisor y número.',
  },
  DOCUMENT_NOT_FOUND: {
    en: 'We could not find this document.',
    es: 'No hemos encontrado este documento.',
  },
  DOCUMENT_NOT_DUPLICATE: {
    en: 'This document is not waiting for a decision on a possible duplicate.',
    es: 'Este documento no está pendiente de decidir si es un duplicado.',
  },
  VAT_RATE_MISMATCH: {
    en: 'A VAT amount is not its base × rate (nor the equivalence surcharge its base × surcharge rate).',
    es: 'Una cuota de IVA no es su base × tipo (o el recargo de equivalencia no es su base × tipo de recargo).',
  },
  VAT_BREAKDOWN_MISMATCH: {
    en: 'The VAT breakdown does not add up to the tax base and VAT total.',
    es: 'El desglose de IVA no suma la base imponible y el total de IVA.',
  },
  TOTAL_MISMATCH: {
    en: 'Tax base + VAT + equivalence surcharge − IRPF does not equal the invoice total.',
    es: 'Base imponible + IVA + recargo de equivalencia − IRPF no es igual al total de la factura.',
  },
  REPORT_DATES_REQUIRED: {
    en: 'Please select both start and end dates',
    es: 'Selecciona la fecha de inicio y la de fin',
  },
  REPORT_START_AFTER_END: {
    en: 'Start date must be before end date',
    es: 'La fecha de inicio debe ser anterior a la fecha de fin',
  },
  REPORT_RANGE_TOO_LONG: {
    en: 'Date range cannot exceed 2 years',
    es: 'El intervalo de fechas no puede superar los 2 años',
  },
  REPORT_END_IN_FUTURE: {
    en: 'The end date cannot be later than today',
    es: 'La fecha de fin no puede ser posterior a hoy',
  },
  REPORT_FAILED: {
    en: 'Failed to generate report',
    es: 'No se ha podido generar el informe',
  },
  REPORT_LINK_NOT_FOUND: {
    en: 'This report link does not exist. Please generate the report again.',
    es: 'Este enlace de informe no existe. Vuelve a generar el informe.',
  },
  REPORT_LINK_EXPIRED: {
    en: 'This report link has expired. Please generate the report again.',
    es: 'Este enlace de informe ha caducado. Vuelve a generar el informe.',
  },
  UPLOAD_NOT_FOUND: {
    en: 'This upload does not exist.',
    es: 'Esta subida no existe.',
  },
  DOCUMENT_TOO_COMPLEX: {
    en: 'This file asks for more memory or time than a document may take to read (a huge image or page). It was not charged.',
    es: 'Este archivo pide más memoria o tiempo de los que puede llevar leer un documento (una imagen o página enorme). No se ha cobrado.',
  },
  SPLIT_NOT_FOUND: {
    en: 'This document was not cut from a file holding several invoices.',
    es: 'Este documento no procede de un archivo con varias facturas.',
  },
  SPLIT_INVALID: {
    en: 'Each invoice needs at least one page, in order, without overlapping, and the number of invoices stays the same.',
    es: 'Cada factura necesita al menos una página, en orden y sin solaparse, y el número de facturas no cambia.',
  },
  SPLIT_LOCKED: {
    en: 'An invoice whose pages would change is already reviewed or still being read; its pages cannot be moved.',
    es: 'Una factura cuyas páginas cambiarían ya está revisada o aún se está leyendo; sus páginas no se pueden mover.',
  },
  FORM_NOT_FOUND: {
    en: 'There is no such form.',
    es: 'Ese modelo no existe.',
  },
  FORM_PERIOD_INVALID: {
    en: 'This form is not filed for that period.',
    es: 'Este modelo no se presenta para ese periodo.',
  },
  FORM_INDIVIDUALS_ONLY: {
    en: 'Only individuals (autónomos) file this form; companies do not.',
    es: 'Este modelo solo lo presentan las personas físicas (autónomos), no las sociedades.',
  },
  FORM_COMPANIES_ONLY: {
    en: 'Only companies file this form (corporate tax instalments); individuals do not.',
    es: 'Este modelo solo lo presentan las sociedades (pagos fraccionados del Impuesto sobre Sociedades).',
  },
  FORM_FORAL_TERRITORY: {
    en: 'This client files in a foral territory (Álava, Bizkaia, Gipuzkoa or Navarra), which has its own forms.',
    es: 'Este cliente tributa en un territorio foral (Álava, Bizkaia, Gipuzkoa o Navarra), que tiene sus propios modelos.',
  },
  FORM_CANARIAS_IGIC: {
    en: 'This client is in the Canary Islands: IGIC applies instead of VAT (Modelo 420, annual 425).',
    es: 'Este cliente está en Canarias: se aplica el IGIC en lugar del IVA (modelo 420, resumen anual 425).',
  },
  FORM_CEUTA_MELILLA_IPSI: {
    en: 'This client is in Ceuta or Melilla: IPSI applies instead of VAT.',
    es: 'Este cliente está en Ceuta o Melilla: se aplica el IPSI en lugar del IVA.',
  },
  FORM_VAT_EXEMPT: {
    en: 'This client only makes VAT-exempt operations and files no VAT returns.',
    es: 'Este cliente solo realiza operaciones exentas de IVA y no presenta declaraciones de IVA.',
  },
  EXPORT_RANGE_INVALID: {
    en: 'Choose a valid date range (start not after end, at most 2 years).',
    es: 'Elige un intervalo de fechas válido (el inicio no posterior al fin, como mucho 2 años).',
  },
  EXPORT_LAYOUT_UNAVAILABLE: {
    en: 'This export is not available yet: we have not been able to verify the package’s published import layout.',
    es: 'Esta exportación aún no está disponible: no hemos podido verificar el formato de importación publicado del programa.',
  },
  EXPORT_FAILED: {
    en: 'The export could not be generated.',
    es: 'No se ha podido generar la exportación.',
  },
  INBOUND_PROVIDER_UNKNOWN: {
    en: 'This inbound email provider is not configured.',
    es: 'Este proveedor de correo entrante no está configurado.',
  },
  INBOUND_SIGNATURE_INVALID: {
    en: 'The inbound email request could not be authenticated.',
    es: 'No se ha podido autenticar la petición de correo entrante.',
  },
  INBOUND_SENDER_NOT_FOUND: {
    en: 'This address is not on the list of allowed senders.',
    es: 'Esta dirección no está en la lista de remitentes permitidos.',
  },
  STATEMENT_UNREADABLE: {
    en: 'This bank statement could not be read (Norma 43, CAMT.053/054, CSV or XLSX expected). Nothing was imported.',
    es: 'No se ha podido leer este extracto bancario (se espera Norma 43, CAMT.053/054, CSV o XLSX). No se ha importado nada.',
  },
  STATEMENT_BALANCE_MISMATCH: {
    en: 'The statement does not add up: the opening balance plus its movements is not its closing balance. Nothing was imported.',
    es: 'El extracto no cuadra: el saldo inicial más sus movimientos no da su saldo final. No se ha importado nada.',
  },
  STATEMENT_MAPPING_REQUIRED: {
    en: 'We do not recognise the columns of this file. Check which column is which; we will remember it for this bank.',
    es: 'No reconocemos las columnas de este fichero. Indica qué columna es cada una; lo recordaremos para este banco.',
  },
  STATEMENT_DUPLICATE: {
    en: 'Every movement of this statement has already been imported.',
    es: 'Todos los movimientos de este extracto ya se habían importado.',
  },
  STATEMENT_ACCOUNT_OTHER_CLIENT: {
    en: 'This bank account belongs to another of your clients. Import its statements there.',
    es: 'Esta cuenta bancaria pertenece a otro de tus clientes. Importa sus extractos allí.',
  },
  BANK_REQUEST_LINK_INVALID: {
    en: 'This link is not valid. Ask your accountant to send it again.',
    es: 'Este enlace no es válido. Pide a tu gestor que te lo envíe de nuevo.',
  },
  BANK_REQUEST_LINK_EXPIRED: {
    en: 'This link has expired. Ask your accountant for a new one.',
    es: 'Este enlace ha caducado. Pide a tu gestor uno nuevo.',
  },
  BANK_REQUEST_DROP_LIMITED: {
    en: 'Too many files were sent through this link in a short time. Please wait a while and try again.',
    es: 'Se han enviado demasiados ficheros con este enlace en poco tiempo. Espera un rato y vuelve a intentarlo.',
  },
  BANK_REQUEST_NOTHING_MISSING: {
    en: 'No unmatched movement above the threshold in this period: there is nothing to ask for.',
    es: 'No hay movimientos sin casar por encima del importe mínimo en este periodo: no hay nada que pedir.',
  },
  BANK_REQUEST_NO_EMAIL: {
    en: 'This client has no email address yet. Invite them first.',
    es: 'Este cliente aún no tiene dirección de correo. Invítalo primero.',
  },
  MOVEMENT_NOT_FOUND: {
    en: 'This bank movement does not exist.',
    es: 'Este movimiento bancario no existe.',
  },
  MATCH_INVALID: {
    en: 'These invoices cannot be matched to this movement (another client, another direction, or already paid).',
    es: 'Estas facturas no se pueden casar con este movimiento (otro cliente, otro sentido o ya pagadas).',
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
