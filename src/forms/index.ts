// The forms stage: schemas (shared with the browser), the HTTP handler, SQLite storage, the outbox.
export * from './schemas.ts';
export { errorMessages, fieldLabels, localizeMessage, type MessageId, type MessageLocale } from './error-messages.ts';
export { validateSubmission, type ValidationResult } from './validate-submission.ts';
export { createFormsHandler, type FormsHandler } from './create-forms-handler.ts';
export type { FormsHandlerOptions, ThankYouPaths } from './handler-options.ts';
export { startFormsServer, type FormsServer, type StartFormsServerOptions } from './start-forms-server.ts';
export { thankYouRedirects, type ThankYouRedirectsOptions } from './thank-you-redirects.ts';
export { openDatabase, DEFAULT_DB_PATH, type Db, type OpenDatabaseOptions } from './open-database.ts';
export { listLeads, insertLead, newLeadId, type LeadRecord, type ListLeadsOptions, type NewLead } from './lead-store.ts';
export { DEFAULT_UPLOADS_DIR } from './receive-upload.ts';
export { startOutbox, retryDelayMs, type Outbox, type StartOutboxOptions } from './outbox.ts';
export { formatLeadsCsv, csvCell } from './format-leads-csv.ts';
export { formatLeadsTable } from './format-leads-table.ts';
export { buildNotifications, type NotificationOptions } from './notifications.ts';
export { detectSpam } from './detect-spam.ts';
export { createRateLimiter } from './rate-limiter.ts';
export { leadsDatabaseMissingError, formsOptionError } from './forms-errors.ts';
