import { InvalidArgumentError } from 'commander';
import { isSiteOrigin, SITE_ORIGIN_EXPECTED } from '../config/base-url.ts';

/** `--base-url`, checked as site.yaml's baseUrl is: `staging.example` would have made every canonical relative. */
export function baseUrlArgument(value: string): string {
  if (!isSiteOrigin(value)) throw new InvalidArgumentError(SITE_ORIGIN_EXPECTED);
  return value;
}
