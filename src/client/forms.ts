// Loaded on the first submit of a site form: validates with the schemas the server uses, shows
// each error next to its field, submits with fetch and shows the outcome. Without JavaScript the
// same forms post normally and the server answers with a page.
import { CV_FIELD, FORM_NAMES, localizeMessage, validateSubmission, type FormName } from '../forms/schema/index.ts';
import type { SharedData } from '../shared/page-data.ts';
import { message } from './messages.ts';

export interface FormContext {
  shared: SharedData;
  locale: string;
  /** Called after a lead was stored: analytics conversion events. */
  onConversion: (form: FormName) => void;
  /** Client navigation (the guide form continues on its thank-you page). */
  navigate: (path: string) => void;
}

export function formNameOf(form: HTMLFormElement, endpoint: string): FormName | undefined {
  const path = new URL(form.action, location.href).pathname;
  const base = endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname;
  const name = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : '';
  return (FORM_NAMES as readonly string[]).includes(name) ? (name as FormName) : undefined;
}

function fieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form)) {
    if (value instanceof File) {
      if (key === CV_FIELD && value.size > 0) fields[key] = { name: value.name, size: value.size, type: value.type };
    } else fields[key] = value;
  }
  return fields;
}

function clearErrors(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll('.field-error, .form-status, .form-again')) el.remove();
  for (const el of form.querySelectorAll('[aria-invalid]')) {
    el.removeAttribute('aria-invalid');
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && !id.endsWith('-error'));
    if (ids.length) el.setAttribute('aria-describedby', ids.join(' '));
    else el.removeAttribute('aria-describedby');
  }
}

function status(form: HTMLFormElement, text: string, kind: 'error' | 'success'): HTMLElement {
  const box = document.createElement('p');
  box.className = `form-status form-status-${kind}`;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  box.tabIndex = -1;
  box.textContent = text;
  form.prepend(box);
  return box;
}

/** Each message next to its field, the field marked invalid and described by it; focus on the first. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>, ctx: FormContext): void {
  clearErrors(form);
  let first: HTMLElement | undefined;
  for (const [name, text] of Object.entries(errors)) {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!input || input.type === 'hidden') continue;
    const id = `${input.id || name}-error`;
    const error = document.createElement('p');
    error.className = 'field-error';
    error.id = id;
    error.textContent = text;
    input.closest('.field, .newsletter')?.append(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
    first ??= input;
  }
  const count = Object.keys(errors).length;
  status(form, message(ctx.shared, 'forms.errors-summary', { count: String(count) }), 'error');
  first?.focus();
}

/**
 * Only the confirmation (focused, so screen readers read it) and a button that brings the empty form
 * back: the fields and the submit button stay hidden so the same lead is not sent twice by mistake.
 */
function showSuccess(form: HTMLFormElement, name: FormName, ctx: FormContext): void {
  const shown = [...form.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.hidden);
  for (const el of shown) el.hidden = true;
  const box = status(form, message(ctx.shared, `forms.success.${name}`), 'success');
  const again = document.createElement('button');
  again.type = 'button';
  again.className = 'button button-ghost form-again';
  again.textContent = message(ctx.shared, `forms.again.${name}`);
  again.addEventListener('click', () => {
    box.remove();
    again.remove();
    for (const el of shown) el.hidden = false;
    form.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), textarea, select')?.focus();
  });
  box.after(again);
  box.focus();
}

export async function submitForm(form: HTMLFormElement, name: FormName, ctx: FormContext): Promise<void> {
  if (form.dataset.sending === 'true') return;
  const checked = validateSubmission(name, fieldsOf(form), ctx.locale);
  if (!checked.ok) return showErrors(form, checked.errors, ctx);
  clearErrors(form);
  form.dataset.sending = 'true';
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  try {
    const multipart = form.enctype === 'multipart/form-data';
    const body = multipart ? new FormData(form) : new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const response = await fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (response.status === 201) {
      ctx.onConversion(name);
      if (name === 'guide') return ctx.navigate(ctx.shared.routes['thank-you-guide'] ?? '/');
      form.reset();
      return showSuccess(form, name, ctx);
    }
    if (response.status === 422) return showErrors(form, ((await response.json()) as { errors: Record<string, string> }).errors, ctx);
    if (response.status === 413) return showErrors(form, { [CV_FIELD]: localizeMessage('cv.tooLarge', ctx.locale) }, ctx);
    status(form, message(ctx.shared, response.status === 429 ? 'forms.rate-limited' : 'forms.failed'), 'error').focus();
  } catch {
    status(form, message(ctx.shared, 'forms.failed'), 'error').focus();
  } finally {
    form.dataset.sending = 'false';
    if (button) button.disabled = false;
  }
}
