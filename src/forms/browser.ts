// What browser code may import from the forms stage: the schemas, their messages and the
// validation the server runs too. Nothing here (or below it) imports `node:*`.
export * from './schemas.ts';
export { errorMessages, fieldLabels, localizeMessage, messageLocale, type MessageId, type MessageLocale } from './error-messages.ts';
export { validateSubmission, type ValidationResult } from './validate-submission.ts';
