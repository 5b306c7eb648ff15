import { defineError } from '../define-error.ts';
import { SiteError } from '../site-error.ts';

// ── deploy: `agency-site deploy`. It prints title and message on one line (a CI log shows it
// alone), so each message also names what to fix. ──

const InvalidDeployOption = defineError({
  name: 'InvalidDeployOption',
  stage: 'deploy',
  title: 'Invalid option',
  when: 'A deploy option (or the deploy: block of site.yaml) has a value that cannot work, or --out holds no built site.',
  hint: 'Run `agency-site deploy --help` for the accepted values.',
});

export function deployOptionError(option: string, message: string): SiteError {
  return InvalidDeployOption({ title: `Invalid ${option}`, message });
}

const DeployBucketNotFound = defineError({
  name: 'DeployBucketNotFound',
  stage: 'deploy',
  title: 'Bucket not found',
  when: 'The bucket named by --target does not exist at the endpoint, or lives in another region.',
  hint: 'Check --target (s3://<bucket>[/<prefix>]) and --region.',
});

export function deployBucketNotFoundError(bucket: string, where: string): SiteError {
  return DeployBucketNotFound({ message: `There is no bucket "${bucket}" at ${where}: check --target (s3://<bucket>[/<prefix>]) and --region.` });
}

const DeployAccessDenied = defineError({
  name: 'DeployAccessDenied',
  stage: 'deploy',
  title: 'Credentials refused',
  when: 'No AWS credentials were found, or the storage refused them for this bucket.',
  hint: 'Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or in CI the role that may write to the bucket.',
});

export function deployAccessError(bucket: string, detail: string): SiteError {
  return DeployAccessDenied({
    message: `${detail} (bucket "${bucket}"): set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or in CI the role that may write to the bucket.`,
  });
}

const DeployEndpointUnreachable = defineError({
  name: 'DeployEndpointUnreachable',
  stage: 'deploy',
  title: 'Storage unreachable',
  when: 'The S3 endpoint (AWS or --endpoint) does not answer.',
  hint: 'Check --endpoint and the network.',
});

export function deployUnreachableError(where: string, detail: string): SiteError {
  return DeployEndpointUnreachable({ message: `Cannot reach ${where} (${detail}): check --endpoint and the network.` });
}

const DeployTooManyDeletes = defineError({
  name: 'DeployTooManyDeletes',
  stage: 'deploy',
  title: 'Too many deletions',
  when: 'The deploy would delete more files from the bucket than --max-deletes allows (256 by default): usually a wrong --out or --target.',
  hint: 'Check --out and --target, or raise --max-deletes.',
});

export function deployTooManyDeletesError(count: number, max: number): SiteError {
  return DeployTooManyDeletes({
    message: `This deploy would delete ${count} files, more than --max-deletes ${max}: check --out and --target, or raise --max-deletes.`,
  });
}

const DeployFailed = defineError({
  name: 'DeployFailed',
  stage: 'deploy',
  title: 'Deploy stopped',
  when: 'The storage refused a request for another reason while listing, uploading or deleting.',
  hint: 'Run the same command again to finish: pages already uploaded have their assets.',
});

export function deployFailedError(what: string, detail: string): SiteError {
  return DeployFailed({
    title: `Deploy stopped while ${what}`,
    message: `${detail}; run the same command again to finish: pages already uploaded have their assets.`,
  });
}

const InvalidationFailed = defineError({
  name: 'InvalidationFailed',
  stage: 'deploy',
  title: 'CloudFront invalidation failed',
  when: 'The bucket was updated, but the distribution named by --cloudfront refused the invalidation.',
  hint: "Check --cloudfront and the role's cloudfront:CreateInvalidation permission.",
});

export function invalidationFailedError(distribution: string, detail: string): SiteError {
  return InvalidationFailed({
    message: `The bucket is up to date, but distribution ${distribution} refused the invalidation (${detail}): check --cloudfront and the role's cloudfront:CreateInvalidation permission.`,
  });
}

const RedirectFunctionFailed = defineError({
  name: 'RedirectFunctionFailed',
  stage: 'deploy',
  title: 'CloudFront Function not published',
  when: 'The bucket was updated, but the distribution named by --cloudfront refused the redirect function or its association.',
  hint: "Check --cloudfront and the role's cloudfront:GetFunction, CreateFunction, UpdateFunction, PublishFunction, GetDistributionConfig and UpdateDistribution permissions.",
});

export function redirectFunctionFailedError(distribution: string, detail: string): SiteError {
  return RedirectFunctionFailed({
    message: `The bucket is up to date, but distribution ${distribution} did not take the redirect function (${detail}): check --cloudfront and the role's cloudfront:*Function and *DistributionConfig permissions.`,
  });
}

const RedirectFunctionTooLarge = defineError({
  name: 'RedirectFunctionTooLarge',
  stage: 'deploy',
  title: 'Redirect map too large for a CloudFront Function',
  when: 'deploy --cloudfront would publish the redirect map as a CloudFront Function larger than the 10 KB CloudFront accepts; nothing was uploaded.',
  hint: 'Fold old paths that share a prefix into one splat in site/redirects.yaml (`/old-blog/*` → `/blog/:splat`), or deploy without --cloudfront: the bucket then answers each old path with a redirect object.',
});

export function redirectFunctionTooLargeError(redirects: number, bytes: number, limit: number): SiteError {
  return RedirectFunctionTooLarge({
    message: `${redirects} redirects make a CloudFront Function of ${(bytes / 1024).toFixed(1)} KB, more than the ${limit / 1024} KB CloudFront accepts; nothing was uploaded.`,
  });
}
