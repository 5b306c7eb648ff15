import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/fixture.ts';

const FILE = join(ROOT, '.github/workflows/publish.yml');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

describe('.github/workflows/publish.yml', () => {
  it('is a valid workflow for GitHub Actions', async () => {
    const state = validateWorkflow(await readFile(FILE, 'utf8'));
    expect(state.errors).toEqual([]);
  });

  it('rejects a broken workflow (the validator is really checking)', () => {
    expect(validateWorkflow('on: push\njobs:\n  publish:\n    steps: []\n').errors.length).toBeGreaterThan(0);
  });

  it('builds, checks and deploys on main with Node 24, a safely keyed cache and OIDC credentials from repository variables', async () => {
    const doc = yaml.load(await readFile(FILE, 'utf8')) as {
      on: { push: { branches: string[] } };
      permissions: Record<string, string>;
      jobs: { publish: { steps: Step[] } };
    };
    expect(doc.on.push.branches).toEqual(['main']);
    expect(doc.permissions['id-token']).toBe('write');
    const steps = doc.jobs.publish.steps;
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['node-version']).toBe(24);
    const order = steps
      .map((s) => s.run ?? s.uses ?? '')
      .map(
        (s) =>
          /agency-site (build|check|deploy)/.exec(s)?.[1] ??
          (s.startsWith('aws-actions/configure-aws-credentials@') ? 'credentials' : s.startsWith('actions/cache/') ? s.split('@')[0] : ''),
      )
      .filter(Boolean);
    expect(order).toEqual(['actions/cache/restore', 'build', 'actions/cache/save', 'check', 'credentials', 'deploy']);
    const restore = steps.find((s) => s.uses?.startsWith('actions/cache/restore@'))!;
    expect(restore.with?.key).toContain("hashFiles('package-lock.json')");
    expect(restore.with?.path).toBe('.cache');
    const credentials = steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'))!;
    expect(credentials.with?.['role-to-assume']).toBe('${{ vars.AWS_ROLE_ARN }}');
    const deploy = steps.find((s) => s.run?.includes('agency-site deploy'))!;
    expect(deploy.env?.TARGET).toBe('s3://${{ vars.DEPLOY_BUCKET }}');
    expect(steps.find((s) => s.run?.includes('agency-site build'))?.run).toContain('GITHUB_STEP_SUMMARY');
  });

  it('shows the translation status in the job summary, from the whole git history', async () => {
    const doc = yaml.load(await readFile(FILE, 'utf8')) as { jobs: { publish: { steps: Step[] } } };
    const steps = doc.jobs.publish.steps;
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth']).toBe(0);
    const translations = steps.findIndex((s) => s.run?.includes('agency-site translations'));
    expect(steps[translations]?.run).toBe('npx agency-site translations --markdown >> "$GITHUB_STEP_SUMMARY"');
    expect(translations).toBeGreaterThan(steps.findIndex((s) => s.run?.includes('agency-site build')));
  });
});
