import { claimContradictsConstantFinding, claimDetectorInvalidFinding } from '../errors/index.ts';
import type { Constants } from '../config/index.ts';
import { locateYamlPath } from '../errors/index.ts';
import type { BuiltPage, Finding } from './types.ts';
import { visibleText } from './visible-text.ts';

export interface CheckClaimsOptions {
  pages: BuiltPage[];
  constants: Constants;
  /** site/constants.yaml as shown and as text, to point at a broken detector. */
  constantsFile: string;
  constantsSource: string;
}

const WORDS: Record<string, number> = { one: 1, two: 2, un: 1 };

/** Every claim a detector of constants.yaml finds in a built page states the constant's value. */
export function checkClaims(options: CheckClaimsOptions): Finding[] {
  const findings: Finding[] = [];
  const detectors: Array<{ constant: string; pattern: RegExp; value: number }> = [];
  options.constants.detectors.forEach((detector, i) => {
    const broken = (message: string): Finding =>
      claimDetectorInvalidFinding({ file: options.constantsFile, ...lineOf(locateYamlPath(options.constantsSource, ['detectors', i])?.line), message });
    const value = detector.constant.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], options.constants);
    if (typeof value !== 'number' && typeof value !== 'string') {
      findings.push(broken(`Detector ${i + 1} names "${detector.constant}", which is not a value in constants.yaml.`));
      return;
    }
    try {
      detectors.push({ constant: detector.constant, pattern: new RegExp(detector.pattern, 'gi'), value: Number(value) });
    } catch (error) {
      findings.push(broken(`Detector ${i + 1} has an invalid pattern: ${(error as Error).message}.`));
    }
  });
  for (const page of options.pages) {
    // Technical articles quote code and numbers of their own, not the agency's claims.
    if (page.tags.some((t) => t.name === 'meta' && t.attrs.property === 'og:type' && t.attrs.content === 'article')) continue;
    const { text, offsets } = visibleText(page.html);
    for (const detector of detectors) {
      for (const match of text.matchAll(detector.pattern)) {
        const captured = match[1] ?? '';
        const stated = WORDS[captured.toLowerCase()] ?? Number(captured);
        if (stated === detector.value) continue;
        findings.push(
          claimContradictsConstantFinding({
            file: page.file,
            line: page.lineAt(offsets[match.index] ?? 0),
            message: `"${match[0].trim()}" states ${detector.constant} as ${captured}, but constants.yaml says ${detector.value}.`,
            hint: `Write {${detector.constant}} in the page's source instead of the number, so the claim always follows constants.yaml.`,
          }),
        );
      }
    }
  }
  return findings;
}

const lineOf = (line: number | undefined) => (line === undefined ? {} : { line });
