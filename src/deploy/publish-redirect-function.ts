import { redirectFunctionFailedError, redirectFunctionTooLargeError } from '../errors/index.ts';
import { cloudfrontFunctionCode } from '../redirects/index.ts';
import { explainS3Error } from './bucket.ts';
import type { DeploySettings } from './deploy-settings.ts';
import { readRedirectMap } from './redirect-objects.ts';
import { importExternal } from '../node/import-external.ts';

export interface PublishedFunction {
  name: string;
  arn: string;
  /** False when the live function already ran this code. */
  updated: boolean;
  /** True when the distribution's default behaviour had to be pointed at it. */
  associated: boolean;
  /** The viewer-request function it replaced on the default behaviour, if another. */
  replaced?: string;
}

/** A function that does not exist yet answers 404 (NoSuchFunctionExists): undefined, not an error. */
function missing(error: Error & { $metadata?: { httpStatusCode?: number } }): undefined {
  if (error.name === 'NoSuchFunctionExists' || error.$metadata?.httpStatusCode === 404) return undefined;
  throw error;
}

/** CloudFront's limit on a function's code. */
export const FUNCTION_CODE_LIMIT = 10 * 1024;

/**
 * The function's code for the built map, refused before anything is uploaded when CloudFront
 * would refuse it after the pages went up.
 */
export function redirectFunctionCode(outDir: string): { code: string; redirects: number } {
  const { redirects } = readRedirectMap(outDir);
  const code = cloudfrontFunctionCode(redirects);
  const bytes = Buffer.byteLength(code);
  if (bytes > FUNCTION_CODE_LIMIT) throw redirectFunctionTooLargeError(redirects.length, bytes, FUNCTION_CODE_LIMIT);
  return { code, redirects: redirects.length };
}

/** One function per distribution, so two sites never overwrite each other's redirects. */
export const redirectFunctionName = (distribution: string) => `agency-site-redirects-${distribution}`;

/**
 * Publishes the redirect map as a CloudFront Function (cloudfront-js-2.0) and makes it the
 * default behaviour's viewer-request function: created or updated only when its code differs
 * from the live one, the distribution updated only when it does not run it yet.
 */
export async function publishRedirectFunction(settings: DeploySettings & { cloudfront: string }): Promise<PublishedFunction | undefined> {
  const cf = await importExternal<typeof import('@aws-sdk/client-cloudfront')>('@aws-sdk/client-cloudfront');
  const client = new cf.CloudFrontClient({ region: 'us-east-1', maxAttempts: 3, requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 } });
  const name = redirectFunctionName(settings.cloudfront);
  const { code, redirects } = redirectFunctionCode(settings.outDir);
  const FunctionConfig = { Comment: 'agency-site: old URLs (301/410) and index.html for folders', Runtime: 'cloudfront-js-2.0' as const };
  const FunctionCode = new TextEncoder().encode(code);
  try {
    const live = await client.send(new cf.GetFunctionCommand({ Name: name, Stage: 'LIVE' })).catch(missing);
    // A site without redirects keeps the distribution as its owner set it up, until it has one.
    if (!live && !redirects) return undefined;
    const liveCode = live?.FunctionCode ? new TextDecoder().decode(live.FunctionCode) : undefined;
    let arn: string | undefined;
    const updated = liveCode !== code;
    if (updated) {
      const dev = await client.send(new cf.DescribeFunctionCommand({ Name: name, Stage: 'DEVELOPMENT' })).catch(missing);
      const etag = dev
        ? (await client.send(new cf.UpdateFunctionCommand({ Name: name, IfMatch: dev.ETag!, FunctionConfig, FunctionCode }))).ETag
        : (await client.send(new cf.CreateFunctionCommand({ Name: name, FunctionConfig, FunctionCode }))).ETag;
      const published = await client.send(new cf.PublishFunctionCommand({ Name: name, IfMatch: etag! }));
      arn = published.FunctionSummary?.FunctionMetadata?.FunctionARN;
    }
    arn ??= (await client.send(new cf.DescribeFunctionCommand({ Name: name, Stage: 'LIVE' }))).FunctionSummary?.FunctionMetadata?.FunctionARN;
    if (!arn) throw Object.assign(new Error(`no ARN returned for ${name}`), { name: 'InvalidResponse' });

    const { DistributionConfig: config, ETag } = await client.send(new cf.GetDistributionConfigCommand({ Id: settings.cloudfront }));
    const behaviour = config?.DefaultCacheBehavior;
    if (!config || !behaviour) throw Object.assign(new Error('the distribution has no default behaviour'), { name: 'InvalidResponse' });
    const others = (behaviour.FunctionAssociations?.Items ?? []).filter((a) => a.EventType !== 'viewer-request');
    const current = behaviour.FunctionAssociations?.Items?.find((a) => a.EventType === 'viewer-request');
    if (current?.FunctionARN === arn) return { name, arn, updated, associated: false };
    const items = [...others, { EventType: 'viewer-request' as const, FunctionARN: arn }];
    behaviour.FunctionAssociations = { Quantity: items.length, Items: items };
    await client.send(new cf.UpdateDistributionCommand({ Id: settings.cloudfront, IfMatch: ETag!, DistributionConfig: config }));
    return { name, arn, updated, associated: true, ...(current?.FunctionARN ? { replaced: current.FunctionARN } : {}) };
  } catch (error) {
    const errorName = (error as Error).name;
    const explained = explainS3Error(
      error,
      { ...settings, endpoint: process.env.AWS_ENDPOINT_URL_CLOUDFRONT ?? 'CloudFront' },
      'publishing the CloudFront Function',
    );
    throw explained.name === 'DeployFailed' ? redirectFunctionFailedError(settings.cloudfront, `${errorName}: ${(error as Error).message}`) : explained;
  }
}
