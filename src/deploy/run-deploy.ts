import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBucket, type Bucket } from './bucket.ts';
import type { DeploySettings } from './deploy-settings.ts';
import { invalidateCdn } from './invalidate-cdn.ts';
import { publishRedirectFunction, redirectFunctionCode } from './publish-redirect-function.ts';
import { readRedirectMap } from './redirect-objects.ts';
import { readLocalFiles, type LocalFile } from './local-files.ts';
import { planDeploy, type DeployPlan } from './plan-deploy.ts';
import { createProgress, formatBytes, type DeployProgress } from './progress.ts';

export interface DeployResult {
  dryRun: boolean;
  uploaded: number;
  uploadedBytes: number;
  unchanged: number;
  deleted: number;
  kept: number;
  invalidationId?: string;
  plan: DeployPlan;
}

export interface DeployIo {
  out: { write(text: string): unknown; isTTY?: boolean };
  /** The clock that dates kept assets (tests move it forward). */
  now?: Date;
  /** Uploads at once within a group. */
  concurrency?: number;
}

async function uploadAll(files: LocalFile[], bucket: Bucket, outDir: string, progress: DeployProgress, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await bucket.put(file, file.body ?? (await readFile(join(outDir, file.path))));
      progress.uploaded(file.path, file.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
}

function printPlan(plan: DeployPlan, write: (line: string) => void): void {
  for (const { group, files } of plan.groups) for (const f of files) write(`would upload ${f.path} (${group}, ${formatBytes(f.size)}, ${f.cacheControl})`);
  for (const path of plan.deletes) write(`would delete ${path}`);
  for (const k of plan.kept) write(`would keep ${k.path} until ${k.until.slice(0, 10)}`);
  if (plan.invalidate.length) write(`would invalidate ${plan.invalidate.join(' ')}`);
}

/** The redirect map at the edge: published after the pages, so a new target already exists when it answers. */
async function publishRedirects(settings: DeploySettings & { cloudfront: string }, write: (line: string) => void): Promise<void> {
  const fn = await publishRedirectFunction(settings);
  if (!fn) return;
  const count = readRedirectMap(settings.outDir).redirects.length;
  write(
    `CloudFront Function ${fn.name}: ${fn.updated ? `published (${count} redirect${count === 1 ? '' : 's'})` : 'unchanged'}` +
      (fn.associated ? `; now the default behaviour's viewer-request function${fn.replaced ? ` (it replaced ${fn.replaced})` : ''}` : ''),
  );
}

/** Publishes out/ to the bucket: plan, then uploads group by group, the state, deletions, and the CDN. */
export async function runDeploy(settings: DeploySettings, io: DeployIo): Promise<DeployResult> {
  const write = (line: string) => io.out.write(`${line}\n`);
  const local = await readLocalFiles(settings.outDir);
  // Checked before the bucket changes: CloudFront refusing the map after the upload would leave new pages behind old redirects.
  if (settings.cloudfront) redirectFunctionCode(settings.outDir);
  const bucket = await openBucket(settings);
  const remote = await bucket.list();
  const state = await bucket.readState();
  const plan = planDeploy({ local, remote, state, now: io.now ?? new Date(), keepAssetsDays: settings.keepAssetsDays, maxDeletes: settings.maxDeletes });
  const uploads = plan.groups.reduce((n, g) => n + g.files.length, 0);
  const result: DeployResult = {
    dryRun: settings.dryRun,
    uploaded: uploads,
    uploadedBytes: plan.uploadBytes,
    unchanged: plan.unchanged,
    deleted: plan.deletes.length,
    kept: plan.kept.length,
    plan,
  };
  const target = `s3://${settings.bucket}/${settings.prefix}`;
  if (settings.dryRun) {
    printPlan(plan, write);
    const redirects = readRedirectMap(settings.outDir).redirects.length;
    if (settings.cloudfront && redirects) write(`would publish ${redirects} redirects as the CloudFront Function of ${settings.cloudfront}`);
    write(
      `dry run for ${target}: would upload ${uploads} files (${formatBytes(plan.uploadBytes)}), ${plan.unchanged} unchanged, would delete ${plan.deletes.length}, keep ${plan.kept.length}; nothing was changed`,
    );
    return result;
  }
  const progress = createProgress({ stream: io.out, totalFiles: uploads, totalBytes: plan.uploadBytes });
  try {
    for (const { group, files } of plan.groups) {
      if (!files.length) continue;
      progress.group(
        group,
        files.length,
        files.reduce((n, f) => n + f.size, 0),
      );
      // A group starts only when the one before is in the bucket: that is what keeps pages whole.
      await uploadAll(files, bucket, settings.outDir, progress, io.concurrency ?? 8);
    }
  } finally {
    progress.finish();
  }
  await bucket.writeState(plan.state);
  if (plan.deletes.length) {
    write(`deleting ${plan.deletes.length} file${plan.deletes.length === 1 ? '' : 's'} gone from ${settings.outDir}`);
    await bucket.remove(plan.deletes);
  }
  write(
    `deployed to ${target}: uploaded ${uploads} files (${formatBytes(plan.uploadBytes)}), ${plan.unchanged} unchanged, deleted ${plan.deletes.length}, ` +
      `kept ${plan.kept.length} old asset${plan.kept.length === 1 ? '' : 's'}${plan.kept.length ? ` (for ${settings.keepAssetsDays} days after their last deploy)` : ''}`,
  );
  if (settings.cloudfront && plan.invalidate.length) {
    result.invalidationId = await invalidateCdn({ ...settings, cloudfront: settings.cloudfront }, plan.invalidate);
    write(
      `CloudFront invalidation ${result.invalidationId} for ${plan.invalidate.length} path${plan.invalidate.length === 1 ? '' : 's'} (${plan.invalidate.slice(0, 5).join(' ')}${plan.invalidate.length > 5 ? ' …' : ''})`,
    );
  } else if (settings.cloudfront) write('CloudFront: no page changed, nothing to invalidate');
  if (settings.cloudfront) await publishRedirects({ ...settings, cloudfront: settings.cloudfront }, write);
  return result;
}
