import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { statement, type Db } from './open-database.ts';
import type { FormName } from './schema/schemas.ts';

export type LeadStatus = 'accepted' | 'spam';

export interface UploadRecord {
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
}

export interface NewLead {
  id: string;
  form: FormName;
  locale: string;
  fields: Record<string, unknown>;
  status: LeadStatus;
  spamReason?: string | undefined;
  ipHash?: string | undefined;
  userAgent?: string | undefined;
  upload?: UploadRecord | undefined;
  /** Deliveries queued in the same transaction as the lead (the outbox pattern). */
  outbox?: Array<{ kind: 'webhook' | 'email'; payload: string }>;
  createdAt: string;
}

export interface LeadRecord {
  id: string;
  form: string;
  locale: string;
  status: LeadStatus;
  spamReason: string | null;
  createdAt: string;
  fields: Record<string, unknown>;
  upload: UploadRecord | null;
}

export interface ListLeadsOptions {
  form?: string | undefined;
  limit?: number | undefined;
  includeSpam?: boolean | undefined;
  order?: 'newest' | 'oldest';
}

export function newLeadId(): string {
  return randomUUID();
}

/** Writes a lead, its upload and its outbox rows in one transaction: all of them, or none. */
export function insertLead(db: Db, lead: NewLead): void {
  const write = db.transaction(() => {
    statement(
      db,
      `INSERT INTO leads (id, form, locale, fields, status, spam_reason, ip_hash, user_agent, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      lead.id,
      lead.form,
      lead.locale,
      JSON.stringify(lead.fields),
      lead.status,
      lead.spamReason ?? null,
      lead.ipHash ?? null,
      lead.userAgent ?? null,
      lead.createdAt,
    );
    if (lead.upload) {
      const u = lead.upload;
      statement(db, 'INSERT INTO uploads (lead_id, stored_name, original_name, mime, size) VALUES (?, ?, ?, ?, ?)').run(
        lead.id,
        u.storedName,
        u.originalName,
        u.mime,
        u.size,
      );
    }
    const now = Date.parse(lead.createdAt);
    for (const row of lead.outbox ?? []) {
      statement(db, 'INSERT INTO outbox (lead_id, kind, payload, next_attempt_at) VALUES (?, ?, ?, ?)').run(lead.id, row.kind, row.payload, now);
    }
  });
  write.immediate();
}

interface LeadRow {
  id: string;
  form: string;
  locale: string;
  status: LeadStatus;
  spam_reason: string | null;
  created_at: string;
  fields: string;
  stored_name: string | null;
  original_name: string | null;
  mime: string | null;
  size: number | null;
}

export function listLeads(db: Db, options: ListLeadsOptions = {}): LeadRecord[] {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (options.form) (where.push('l.form = ?'), params.push(options.form));
  if (!options.includeSpam) where.push("l.status = 'accepted'");
  const sql = `SELECT l.*, u.stored_name, u.original_name, u.mime, u.size
    FROM leads l LEFT JOIN uploads u ON u.lead_id = l.id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY l.rowid ${options.order === 'oldest' ? 'ASC' : 'DESC'}
    ${options.limit !== undefined ? 'LIMIT ?' : ''}`;
  if (options.limit !== undefined) params.push(options.limit);
  return (statement(db, sql).all(...params) as LeadRow[]).map((row) => ({
    id: row.id,
    form: row.form,
    locale: row.locale,
    status: row.status,
    spamReason: row.spam_reason,
    createdAt: row.created_at,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    upload: row.stored_name === null ? null : { storedName: row.stored_name, originalName: row.original_name ?? '', mime: row.mime ?? '', size: row.size ?? 0 },
  }));
}

/**
 * A stable pseudonym of a client address (rate-limit forensics without storing the address).
 * The salt lives in the database, so hashes match across restarts but not across sites.
 */
export function createAddressHasher(db: Db): (address: string) => string {
  let salt = (statement(db, "SELECT value FROM meta WHERE key = 'ip_salt'").get() as { value: string } | undefined)?.value;
  if (!salt) {
    statement(db, "INSERT OR IGNORE INTO meta (key, value) VALUES ('ip_salt', ?)").run(randomBytes(16).toString('hex'));
    salt = (statement(db, "SELECT value FROM meta WHERE key = 'ip_salt'").get() as { value: string }).value;
  }
  const key = salt;
  return (address) => createHash('sha256').update(key).update(address).digest('hex').slice(0, 32);
}
