// What a visitor reads when a field is wrong, in US English and Argentine Spanish (voseo: "escribí"; see docs/SPANISH-STYLE.md).
// Shared with the browser: no `node:` imports here.

export type MessageLocale = 'en' | 'es';
type Text = Record<MessageLocale, string>;

export const errorMessages = {
  'name.required': { en: 'Please enter your name.', es: 'Escribí tu nombre.' },
  'name.tooLong': { en: 'Your name can be at most 120 characters long.', es: 'Tu nombre puede tener como máximo 120 caracteres.' },
  'email.required': { en: 'Please enter your email address.', es: 'Escribí tu correo electrónico.' },
  'email.invalid': {
    en: 'Please enter a valid email address, like name@example.com.',
    es: 'Escribí un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
  },
  'email.tooLong': { en: 'Your email address can be at most 254 characters long.', es: 'Tu correo electrónico puede tener como máximo 254 caracteres.' },
  'phone.required': { en: 'Please enter a phone number so we can call you.', es: 'Escribí un número de teléfono para que podamos llamarte.' },
  'phone.invalid': {
    en: 'Please enter a valid phone number, with the country code if you can.',
    es: 'Escribí un número de teléfono válido, con el código de país si podés.',
  },
  'message.required': { en: 'Please tell us a little about your project.', es: 'Contanos un poco sobre tu proyecto.' },
  'message.tooShort': { en: 'Your message needs at least 10 characters.', es: 'Tu mensaje necesita al menos 10 caracteres.' },
  'message.tooLong': { en: 'Your message can be at most 5,000 characters long.', es: 'Tu mensaje puede tener como máximo 5.000 caracteres.' },
  'variant.invalid': { en: "We don't know this form variant.", es: 'Esta variante del formulario no existe.' },
  'guide.invalid': { en: 'Please choose one of our guides.', es: 'Elegí una de nuestras guías.' },
  'role.tooLong': { en: 'The role can be at most 120 characters long.', es: 'El puesto puede tener como máximo 120 caracteres.' },
  'englishLevel.invalid': { en: 'Please choose B1, B2, C1 or C2.', es: 'Elegí B1, B2, C1 o C2.' },
  'profileUrl.invalid': { en: 'Please enter a full web address starting with https://.', es: 'Escribí una dirección web completa que empiece con https://.' },
  'locale.invalid': { en: "This language isn't supported.", es: 'Este idioma no está disponible.' },
  'cv.required': { en: 'Please attach your CV.', es: 'Adjuntá tu CV.' },
  'cv.tooLarge': { en: 'Your CV can be at most 5 MB.', es: 'Tu CV puede pesar como máximo 5 MB.' },
  'cv.type': { en: 'Your CV must be a PDF or a Word (.docx) file.', es: 'Tu CV debe ser un archivo PDF o Word (.docx).' },
  'cv.name': { en: 'The file name is too long; please rename the file.', es: 'El nombre del archivo es demasiado largo; cambialo y volvé a intentarlo.' },
  invalid: { en: 'Please check this field.', es: 'Revisá este campo.' },
} satisfies Record<string, Text>;

export type MessageId = keyof typeof errorMessages;

/** Field names as the form shows them, for the error page of a plain (no-JavaScript) post. */
export const fieldLabels: Record<string, Text> = {
  name: { en: 'Name', es: 'Nombre' },
  email: { en: 'Email', es: 'Correo electrónico' },
  phone: { en: 'Phone', es: 'Teléfono' },
  message: { en: 'Message', es: 'Mensaje' },
  guide: { en: 'Guide', es: 'Guía' },
  role: { en: 'Role', es: 'Puesto' },
  englishLevel: { en: 'English level', es: 'Nivel de inglés' },
  profileUrl: { en: 'Profile URL', es: 'URL de tu perfil' },
  cv: { en: 'CV', es: 'CV' },
  locale: { en: 'Language', es: 'Idioma' },
  variant: { en: 'Form', es: 'Formulario' },
};

/** Texts of the server's own pages and answers (not tied to one field). */
export const pageTexts = {
  invalidTitle: { en: 'Please check the form', es: 'Revisá el formulario' },
  invalidLead: { en: "We couldn't send your message because of these fields:", es: 'No pudimos enviar tu mensaje por estos campos:' },
  back: { en: 'Go back to the form', es: 'Volver al formulario' },
  tooMany: {
    en: 'Too many submissions from your connection. Please try again in a minute.',
    es: 'Demasiados envíos desde tu conexión. Volvé a intentarlo en un minuto.',
  },
  unreadable: {
    en: "We couldn't read this submission. Please go back and send the form again.",
    es: 'No pudimos leer este envío. Volvé al formulario y envialo de nuevo.',
  },
  tooLarge: {
    en: 'The submission is too large. Shorten the longest field and send it again.',
    es: 'El envío es demasiado grande. Acortá el campo más largo y volvé a enviarlo.',
  },
  tooLargeCv: { en: 'The submission is too large. A CV can be at most 5 MB.', es: 'El envío es demasiado grande. Un CV puede pesar como máximo 5 MB.' },
} satisfies Record<string, Text>;

export function messageLocale(locale: string | undefined): MessageLocale {
  return locale === 'es' || locale?.startsWith('es-') ? 'es' : 'en';
}

/** The text of a message id in a locale; an unknown id (zod's own messages) reads as a generic "check this field". */
export function localizeMessage(id: string, locale: string | undefined): string {
  const entry = (errorMessages as Record<string, Text>)[id] ?? errorMessages.invalid;
  return entry[messageLocale(locale)];
}
