import { CHECK_NAMES, type Finding } from './types.ts';

/** `file:line`, the form editors and terminals turn into links. */
export function findingLocation(finding: Finding): string {
  return finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`;
}

/** Errors first, then by file and line: the order a reader fixes them in. */
export function sortFindings(findings: Finding[]): Finding[] {
  const order = (f: Finding) => CHECK_NAMES.indexOf(f.check);
  return [...findings].sort(
    (a, b) =>
      order(a) - order(b) || (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}

/** Every finding, grouped by check, then one summary line. */
export function formatFindings(findings: Finding[], options: { pages: number }): string {
  const lines: string[] = [];
  for (const check of CHECK_NAMES) {
    const group = sortFindings(findings.filter((f) => f.check === check));
    if (!group.length) continue;
    lines.push(`${check} (${countText(group)})`);
    for (const f of group) {
      lines.push(`  ${f.severity === 'error' ? 'error  ' : 'warning'} ${findingLocation(f)}${f.page ? `  (page ${f.page})` : ''}`);
      lines.push(`          ${f.message} (${f.name})`);
      lines.push(`          hint: ${f.hint}`);
    }
    lines.push('');
  }
  lines.push(summarizeFindings(findings, options));
  return lines.join('\n');
}

export function summarizeFindings(findings: Finding[], options: { pages: number }): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const checked = `${options.pages} built page${options.pages === 1 ? '' : 's'} and their sources`;
  if (!findings.length) return `check passed: no problems in ${checked}.`;
  const checks = CHECK_NAMES.filter((c) => findings.some((f) => f.check === c && (errors === 0 || f.severity === 'error')));
  return errors
    ? `check failed: ${countText(findings)} in ${checked} (errors in: ${checks.join(', ')}).`
    : `check passed with ${countText(findings)} in ${checked}.`;
}

function countText(findings: Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}
