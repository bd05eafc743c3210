/**
 * The passwords people pick most often, in English and Spanish, lower-cased: the guesses an attacker tries
 * first. Our own short list (no download); `isCommonPassword` also catches these words with a few digits or
 * symbols added at the end ("password123!", "barcelona2024") and trivial runs ("aaaaaaaa", "12345678").
 */
const COMMON_WORDS = `
123456 1234567 12345678 123456789 1234567890 12345 1234 0987654321 987654321 654321 123123 123321 112233
111111 000000 121212 131313 123qwe qwe123 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsx qwerty qwertyuiop
qwerty123 asdfgh asdfghjkl zxcvbn zxcvbnm azerty abc123 abcd1234 abcdef abcdefg abcdefgh a1b2c3 aa123456
password passw0rd p@ssword p@ssw0rd pass pass123 password1 password12 password123 mypassword secret
letmein welcome welcome1 login admin administrator root toor guest user default changeme test test123 testing
iloveyou iloveu loveyou lovely love love123 mylove sweetheart princess angel angels beautiful babygirl baby
monkey dragon master shadow sunshine football baseball basketball soccer hockey superman batman spiderman
starwars pokemon naruto michael jessica ashley jennifer daniel charlie thomas jordan hunter ranger buster
tigger harley hannah andrew joshua matthew robert william freedom whatever trustno1 hello hello123 hellokitty
computer internet samsung iphone google facebook instagram linkedin microsoft apple chocolate cookie cheese
pepper summer winter autumn spring flower flowers purple orange yellow silver golden diamond lucky secret123
killer ninja mustang ferrari porsche corvette maverick phoenix matrix merlin qwertz family friends forever
money cash business office company blessed jesus christ heaven liverpool chelsea arsenal manchester
juventus realmadrid barcelona barca madrid atletico valencia sevilla betis athletic espanyol
contrasena contraseña clave micontrasena micontraseña tequiero teamo amor amorcito mivida cariño carino
corazon corazón princesa bonita guapa guapo hola holahola hola123 hola1234 adios bienvenido bienvenida
usuario administrador invitado prueba pruebas secreto secreta españa espana mexico argentina colombia
chile peru venezuela andalucia cataluña catalunya galicia euskadi navidad verano invierno primavera otoño
domingo lunes martes viernes sabado sábado futbol fútbol dinero trabajo empresa oficina factura facturas
contable contabilidad asesor asesoria asesoría gestoria gestoría autonomo autónomo hacienda cuadra
maria mariajose josemaria jose juan juanito antonio manuel francisco javier carlos david pedro pablo
alejandro fernando sergio jorge alberto luis miguel angel rafael raul ana carmen laura marta lucia sofia
paula elena cristina isabel patricia rosa pilar teresa sara andrea alba irene natalia monica beatriz
estrella sol luna cielo mariposa perro gato tigre leon lobo pantera dragon123 pelota chocolate123
`;

const COMMON = new Set(COMMON_WORDS.split(/\s+/).filter(Boolean));

const KEYBOARD_RUNS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1234567890',
  '0987654321',
  'abcdefghijklmnopqrstuvwxyz',
];

/** True when the password is on the list, a listed word with a short suffix, or a trivial run. */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  if (COMMON.has(lower)) return true;
  // A listed word followed by up to six digits or symbols, the most common way people "strengthen" it.
  const base = lower.replace(/[\d\W_]{1,6}$/u, '');
  if (base.length >= 3 && base !== lower && COMMON.has(base)) return true;
  if (/^(.)\1+$/u.test(lower)) return true; // one character repeated
  if (/^(.{1,4})\1+$/u.test(lower)) return true; // a short group repeated ("abcabcabc", "12121212")
  return KEYBOARD_RUNS.some((run) => run.includes(lower));
}
