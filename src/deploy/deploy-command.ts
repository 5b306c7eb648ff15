import { appendFileSync } from 'node:fs';
import { isSiteError } from '../errors/index.ts';
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

/** `agency-site deploy`: errors are printed on one line (a CI log shows nothing else) with exit code 1. */
export async function deployCommand(flags: DeployFlags): Promise<void> {
  // The SDK warns about its own future Node requirement on every run; the versions pinned here support this Node.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  try {
    const settings = await resolveDeploySettings(flags);
    const result = await runDeploy(settings, { out: process.stdout });
    if (!settings.dryRun) writeJobSummary(result, `s3://${settings.bucket}/${settings.prefix}`);
  } catch (error) {
    if (isSiteError(error)) console.error(`error ${error.data.title}: ${error.data.message}`);
    else console.error(`Internal error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
