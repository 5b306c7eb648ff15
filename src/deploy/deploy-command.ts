import { appendFileSync } from 'node:fs';
import { resolveDeploySettings, type DeployFlags } from './deploy-settings.ts';
import { formatBytes } from './progress.ts';
import { runDeploy, type DeployResult } from './run-deploy.ts';

/** In GitHub Actions, a table on the run's summary page. */
function writeJobSummary(result: DeployResult, target: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  const rows = [
    `### Deploy to ${target}`,
    '',
    '| uploaded | bytes | unchanged | deleted | kept | invalidation |',
    '|---|---|---|---|---|---|',
    `| ${result.uploaded} | ${formatBytes(result.uploadedBytes)} | ${result.unchanged} | ${result.deleted} | ${result.kept} | ${result.invalidationId ?? '—'} |`,
    '',
  ];
  appendFileSync(file, rows.join('\n'));
}

/** `agency-site deploy`; its errors are printed by the CLI's run(), on one line. */
export async function deployCommand(flags: DeployFlags): Promise<void> {
  // The SDK warns about its own future Node requirement on every run; the versions pinned here support this Node.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const settings = await resolveDeploySettings(flags);
  const result = await runDeploy(settings, { out: process.stdout });
  if (!settings.dryRun) writeJobSummary(result, `s3://${settings.bucket}/${settings.prefix}`);
}
