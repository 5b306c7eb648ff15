import { invalidationFailedError } from '../errors/index.ts';
import { explainS3Error } from './bucket.ts';
import type { DeploySettings } from './deploy-settings.ts';
import { importExternal } from '../node/import-external.ts';

/**
 * Asks CloudFront to drop the changed pages and returns the invalidation id. CloudFront is a
 * global service signed in us-east-1; its endpoint can be moved with AWS_ENDPOINT_URL_CLOUDFRONT
 * (the SDK's own setting), which the tests point at a local stub.
 */
export async function invalidateCdn(settings: DeploySettings & { cloudfront: string }, paths: string[]): Promise<string> {
  const cf = await importExternal<typeof import('@aws-sdk/client-cloudfront')>('@aws-sdk/client-cloudfront');
  const client = new cf.CloudFrontClient({ region: 'us-east-1', maxAttempts: 3, requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 } });
  try {
    const result = await client.send(
      new cf.CreateInvalidationCommand({
        DistributionId: settings.cloudfront,
        InvalidationBatch: { CallerReference: `agency-site-${Date.now()}-${process.pid}`, Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
    return result.Invalidation?.Id ?? '(no id returned)';
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchDistribution' || name === 'AccessDenied' || name === 'InvalidArgument' || name === 'TooManyInvalidationsInProgress')
      throw invalidationFailedError(settings.cloudfront, `${name}: ${(error as Error).message}`);
    const explained = explainS3Error(error, { ...settings, endpoint: process.env.AWS_ENDPOINT_URL_CLOUDFRONT ?? 'CloudFront' }, 'invalidating CloudFront');
    throw explained.name === 'DeployFailed' ? invalidationFailedError(settings.cloudfront, `${name}: ${(error as Error).message}`) : explained;
  }
}
