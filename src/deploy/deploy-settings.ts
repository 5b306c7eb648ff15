import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSiteConfig } from '../config/index.ts';
import { deployOptionError } from '../errors/index.ts';

/** The flags of `agency-site deploy`, as commander hands them over. */
export interface DeployFlags {
  target?: string;
  endpoint?: string;
  region?: string;
  cloudfront?: string;
  dryRun?: boolean;
  maxDeletes?: string | number;
  keepAssets?: string | number;
  out?: string;
  site?: string;
}

export interface DeploySettings {
  bucket: string;
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string;
  endpoint?: string;
  region: string;
  cloudfront?: string;
  dryRun: boolean;
  maxDeletes: number;
  keepAssetsDays: number;
  outDir: string;
}

const TARGET = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

export function parseTarget(target: string): { bucket: string; prefix: string } {
  const match = TARGET.exec(target);
  if (!match)
    throw deployOptionError('--target', `"${target}" is not s3://<bucket>[/<prefix>] (bucket names are 3-63 lowercase letters, digits, dots and hyphens).`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

function wholeNumber(option: string, value: string | number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (option === '--max-deletes' && !Number.isInteger(n))) {
    throw deployOptionError(option, `expected a ${option === '--max-deletes' ? 'whole number' : 'number of days'} of 0 or more, got "${value}".`);
  }
  return n;
}

/** Flags over `site.yaml`'s `deploy:` block over defaults (256 deletions, assets kept 7 days). */
export async function resolveDeploySettings(flags: DeployFlags): Promise<DeploySettings> {
  const siteDir = flags.site ?? 'site';
  // Deploying a copied out/ without its sources is allowed: then only the flags count.
  const fromYaml = existsSync(join(siteDir, 'site.yaml')) ? ((await loadSiteConfig({ siteDir })).settings.deploy ?? {}) : {};
  const target = flags.target ?? fromYaml.target;
  if (!target) throw deployOptionError('--target', 'No bucket given: pass --target s3://<bucket>[/<prefix>] or set deploy.target in site.yaml.');
  const { bucket, prefix } = parseTarget(target);
  const endpoint = flags.endpoint ?? fromYaml.endpoint;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint))
    throw deployOptionError('--endpoint', `"${endpoint}" is not an http(s) URL such as http://127.0.0.1:9000.`);
  const cloudfront = flags.cloudfront ?? fromYaml.cloudfront;
  if (cloudfront !== undefined && !/^[A-Z0-9]{8,20}$/.test(cloudfront))
    throw deployOptionError('--cloudfront', `"${cloudfront}" is not a distribution id such as E2QWRUHAPOMQZL.`);
  const region = flags.region ?? fromYaml.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  return {
    bucket,
    prefix,
    ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}),
    region,
    ...(cloudfront ? { cloudfront } : {}),
    dryRun: flags.dryRun === true,
    maxDeletes: wholeNumber('--max-deletes', flags.maxDeletes ?? fromYaml.maxDeletes, 256),
    keepAssetsDays: wholeNumber('--keep-assets', flags.keepAssets ?? fromYaml.keepAssets, 7),
    outDir: flags.out ?? 'out',
  };
}
