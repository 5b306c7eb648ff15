import type { Command } from 'commander';
import { run } from './run.ts';

/** Only the options live here; the command (and the AWS SDK) load when `deploy` runs. */
export function registerDeployCommand(program: Command): void {
  program
    .command('deploy')
    .description('Publishes out/ to an S3 bucket (and invalidates CloudFront) without ever serving a page whose assets are missing.')
    .option('--target <s3url>', 's3://<bucket>[/<prefix>] (or deploy.target in site.yaml)')
    .option('--endpoint <url>', 'an S3-compatible server instead of AWS, addressed path-style')
    .option('--region <region>', 'the bucket region (default: AWS_REGION, else us-east-1)')
    .option('--cloudfront <distribution-id>', 'invalidate the changed pages in this CloudFront distribution')
    .option('--dry-run', 'print what would be uploaded, deleted and kept, and change nothing')
    .option('--max-deletes <n>', 'refuse a deploy that would delete more files than this (default 256)')
    .option('--keep-assets <days>', 'keep old hashed assets this many days after their last deploy, for open tabs (default 7)')
    .option('--out <dir>', 'the built site', 'out')
    .option('--site <dir>', 'the site folder whose site.yaml may hold a deploy: block', 'site')
    // One line per error: a CI log shows that line alone.
    .action((flags: Record<string, unknown>) => run(async () => (await import('../deploy/index.ts')).deployCommand(flags), { oneLine: true }));
}
