import { localizeMessage } from './error-messages.ts';
import { CV_FIELD, formSchemas, type FormName, type FormValues } from './schemas.ts';

// Shared with the browser: no `node:` imports here.

export type ValidationResult<F extends FormName> = { ok: true; data: FormValues<F> } | { ok: false; errors: Record<string, string> };

/**
 * Validates one submission and answers with the first problem of each field, in the visitor's language.
 * Empty strings count as "not given", so an untouched optional field never fails.
 */
export function validateSubmission<F extends FormName>(form: F, fields: Record<string, unknown>, locale: string | undefined): ValidationResult<F> {
  const result = formSchemas[form].safeParse(normalizeFields(fields));
  if (result.success) return { ok: true, data: result.data as FormValues<F> };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= localizeMessage(issue.message, locale);
  }
  return { ok: false, errors };
}

function normalizeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === CV_FIELD && typeof value === 'object' && value !== null) out[key] = value;
    else if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') out[key] = text;
    } else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}
