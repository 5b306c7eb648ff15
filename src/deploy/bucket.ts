import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { deployAccessError, deployBucketNotFoundError, deployFailedError, deployUnreachableError } from '../errors/index.ts';
import type { DeploySettings } from './deploy-settings.ts';
import type { LocalFile } from './local-files.ts';
import type { DeployState, RemoteObject } from './plan-deploy.ts';
import { importExternal } from '../node/import-external.ts';

/** Beside the site in the bucket: when each hashed asset was last deployed (see plan-deploy.ts). */
export const STATE_KEY = '.agency-site-deploy.json';

export interface Bucket {
  list(): Promise<RemoteObject[]>;
  readState(): Promise<DeployState | undefined>;
  put(file: LocalFile, body: Buffer): Promise<void>;
  writeState(state: DeployState): Promise<void>;
  remove(paths: string[]): Promise<void>;
}

type SdkError = Error & { name: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number } };

const ACCESS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'ExpiredToken',
  'InvalidToken',
  'CredentialsProviderError',
  'UnrecognizedClientException',
]);
const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'TimeoutError']);

/** An SDK failure as the one-line error that names what to fix. */
export function explainS3Error(error: unknown, settings: DeploySettings, doing: string): Error {
  const e = error as SdkError;
  const where = settings.endpoint ?? `S3 (${settings.region})`;
  const name = e.Code ?? e.name;
  const code = e.code ?? (e.cause as { code?: string } | undefined)?.code ?? '';
  if (name === 'NoSuchBucket' || name === 'PermanentRedirect' || (name === 'NotFound' && doing === 'listing the bucket'))
    return deployBucketNotFoundError(settings.bucket, where);
  if (ACCESS.has(name) || e.$metadata?.httpStatusCode === 403) return deployAccessError(settings.bucket, `${where} answered ${name}`);
  if (name === 'CredentialsProviderError' || /Could not load credentials/i.test(e.message))
    return deployAccessError(settings.bucket, 'No AWS credentials were found');
  if (NETWORK.has(code) || NETWORK.has(name) || /socket hang up|ECONNREFUSED|getaddrinfo/.test(e.message))
    return deployUnreachableError(where, code || e.message);
  return deployFailedError(doing, `${name}: ${e.message}`);
}

/** The S3 effects of a deploy; the SDK is imported here, only when a deploy runs. */
export async function openBucket(settings: DeploySettings): Promise<Bucket> {
  const s3 = await importExternal<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');
  const client: S3Client = new s3.S3Client({
    region: settings.region,
    // Credentials come from the SDK's default chain only: environment, profile, web identity (CI).
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    followRegionRedirects: true,
    maxAttempts: 3,
    // Content-MD5 already protects each upload; trailing CRC checksums are not spoken by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const { bucket, prefix } = settings;
  const attempt = async <T>(doing: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      throw explainS3Error(error, settings, doing);
    }
  };
  return {
    list: () =>
      attempt('listing the bucket', async () => {
        const objects: RemoteObject[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
          for (const o of page.Contents ?? []) {
            const path = o.Key!.slice(prefix.length);
            if (path && path !== STATE_KEY) objects.push({ path, ...(o.ETag ? { etag: o.ETag } : {}), ...(o.Size !== undefined ? { size: o.Size } : {}) });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return objects;
      }),
    readState: () =>
      attempt('reading the deploy state', async () => {
        try {
          const got = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: prefix + STATE_KEY }));
          const parsed = JSON.parse(await got.Body!.transformToString()) as DeployState;
          return parsed.version === 1 && typeof parsed.assets === 'object' ? parsed : undefined;
        } catch (error) {
          if ((error as SdkError).name === 'NoSuchKey') return undefined;
          throw error;
        }
      }),
    put: (file, body) =>
      attempt(`uploading ${file.path}`, async () => {
        await client.send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: prefix + file.path,
            Body: body,
            ContentType: file.contentType,
            CacheControl: file.cacheControl,
            ContentMD5: Buffer.from(file.md5, 'hex').toString('base64'),
            ...(file.redirectTo ? { WebsiteRedirectLocation: file.redirectTo } : {}),
          }),
        );
      }),
    writeState: (state) =>
      attempt('saving the deploy state', async () => {
        const body = JSON.stringify(state);
        await client.send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: prefix + STATE_KEY,
            Body: body,
            ContentType: 'application/json',
            CacheControl: 'no-cache, no-store',
            ContentMD5: createHash('md5').update(body).digest('base64'),
          }),
        );
      }),
    remove: (paths) =>
      attempt('deleting old files', async () => {
        for (let i = 0; i < paths.length; i += 1000) {
          const result = await client.send(
            new s3.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: paths.slice(i, i + 1000).map((p) => ({ Key: prefix + p })), Quiet: true } }),
          );
          const failed = result.Errors?.[0];
          if (failed) throw Object.assign(new Error(`${failed.Key}: ${failed.Message ?? failed.Code}`), { name: failed.Code ?? 'DeleteFailed' });
        }
      }),
  };
}
