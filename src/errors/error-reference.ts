import { ERROR_ENTRIES, FINDING_ENTRIES, STAGES, WARNING_ENTRIES, type ErrorEntry, type FindingEntry } from './define-error.ts';
import './catalogue/index.ts';

/**
 * src/errors/README.md, made from the catalogue so the reference cannot drift from the code.
 * tests/unit/errors/errors-readme.test.ts fails when the file is out of date and rewrites it with -u.
 */
export function formatErrorReference(
  entries: readonly ErrorEntry[] = ERROR_ENTRIES,
  warnings: readonly ErrorEntry[] = WARNING_ENTRIES,
  findings: readonly FindingEntry[] = FINDING_ENTRIES,
): string {
  const out = [
    '# Error reference',
    '',
    '<!-- Generated from src/errors/catalogue/ (one file per stage): after changing it, run',
    '     npx vitest run tests/unit/errors/errors-readme.test.ts -u -->',
    '',
    'Every mistake `agency-site` reports in a site, a command line or a deploy is a `SiteError` made',
    'by `catalogue/`. The CLI prints its title, its permanent name in parentheses, the file and',
    'line, the message, the lines around it and a hint, and exits with code 1 (here with one line of',
    'context each side; the CLI shows two):',
    '',
    '```',
    'error site/pages/home.yaml:4:30: Reference to a missing constant (MissingConstant)',
    '  {claims.trialMonths} does not name a value in site/constants.yaml.',
    '  field: seo.en.description',
    '    3 | seo:',
    '  > 4 |   en: { title: Fixture home, description: "Trial of {claims.trialMonths} months." }',
    '      |                              ^',
    '    5 |   es: { title: Inicio de prueba, description: "Prueba de {claims.trialDays} días." }',
    '  hint: Add it to site/constants.yaml or fix the name; claims live only there so they never say two things.',
    '```',
    '',
    'Anything else is a bug of ours and is printed as `Internal error: …` (with its stack under',
    '`--verbose`). Errors with a cause end with the chain of causes, numbered, under `Caused by:`.',
    '',
    'Warnings come from the same catalogue: the build goes on and publishes, and its report lists',
    'each warning with its permanent name in parentheses, for example',
    '`- draft skipped: site/blog/en/unfinished.md (DraftSkipped)`. They are listed under each stage',
    'after its errors, marked "Warning".',
    '',
    '`agency-site check` reports findings, each with its permanent name in parentheses after its',
    'message. A finding about a problem the build already names (raw HTML removed, a message missing)',
    'carries that name; the others are listed under the checks, with the check that finds them.',
  ];
  for (const [stage, heading] of Object.entries(STAGES)) {
    const inStage = entries.filter((e) => e.stage === stage);
    const warned = warnings.filter((e) => e.stage === stage);
    const found = findings.filter((e) => e.stage === stage);
    if (inStage.length + warned.length + found.length === 0) continue;
    out.push('', `## ${heading}`);
    for (const entry of inStage) {
      out.push('', `### ${entry.name}`, '', `**${entry.title}.** ${entry.when}`, '', `What to do: ${entry.hint}`);
    }
    for (const entry of warned) {
      out.push('', `### ${entry.name}`, '', `**Warning: ${entry.title}.** ${entry.when}`, '', `What to do: ${entry.hint}`);
    }
    for (const entry of found) {
      const kind = `${entry.severity === 'error' ? 'Finding' : 'Finding, a warning'} of \`check\` (${entry.check})`;
      out.push('', `### ${entry.name}`, '', `**${kind}: ${entry.title}.** ${entry.when}`, '', `What to do: ${entry.hint}`);
    }
  }
  return `${out.join('\n')}\n`;
}
