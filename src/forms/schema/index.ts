// The browser-safe half of the forms stage: the schemas, their messages and the validation the
// server runs too. src/client imports it; nothing here imports `node:*` or the server half
// (tests/unit/typecheck/imports.test.ts).
export * from './schemas.ts';
export { errorMessages, fieldLabels, localizeMessage, messageLocale, type MessageId, type MessageLocale } from './error-messages.ts';
export { validateSubmission, type ValidationResult } from './validate-submission.ts';
