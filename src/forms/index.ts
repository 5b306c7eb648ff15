// The forms stage. This folder is its server half: the HTTP handler, SQLite storage, the outbox,
// leads. ./schema/ is its browser-safe half (schemas, messages, validation), which src/client
// imports directly and Node callers get from here too.
export * from './schema/index.ts';
export { createFormsHandler, type FormsHandler } from './create-forms-handler.ts';
export type { AcceptedLead, FormsHandlerOptions, ThankYouPaths } from './handler-options.ts';
export { startFormsServer, type FormsServer, type StartFormsServerOptions } from './start-forms-server.ts';
export { THANK_YOU_PAGES, thankYouRedirects, thankYouSlugs, type ThankYouRedirectsOptions } from './thank-you-redirects.ts';
export { openDatabase, DEFAULT_DB_PATH, type Db, type OpenDatabaseOptions } from './open-database.ts';
export { listLeads, insertLead, newLeadId, type LeadRecord, type ListLeadsOptions, type NewLead } from './lead-store.ts';
export { DEFAULT_UPLOADS_DIR } from './receive-upload.ts';
export { startOutbox, retryDelayMs, type Outbox, type StartOutboxOptions } from './outbox.ts';
export type { MailSettings } from './deliver-email.ts';
export { parseMailFlags, defaultMailFrom, describeSmtpUrl, type MailFlags } from './mail-settings.ts';
export { formatLeadsCsv, csvCell } from './format-leads-csv.ts';
export { formatLeadsTable } from './format-leads-table.ts';
export { buildNotifications, type NotificationEmail, type NotificationOptions } from './notifications.ts';
export { detectSpam } from './detect-spam.ts';
export { createRateLimiter } from './rate-limiter.ts';
export { checkHealth, type FormsHealth } from './check-health.ts';
export { backupLeads } from './backup-leads.ts';
