export { deployCommand } from './deploy-command.ts';
export { resolveDeploySettings, parseTarget, type DeployFlags, type DeploySettings } from './deploy-settings.ts';
export { runDeploy, type DeployResult, type DeployIo } from './run-deploy.ts';
export { planDeploy, type DeployPlan, type DeployState, type RemoteObject } from './plan-deploy.ts';
export { readLocalFiles, groupOf, GROUPS, type Group, type LocalFile } from './local-files.ts';
export { invalidationPaths, MAX_INVALIDATION_PATHS } from './invalidation-paths.ts';
export { STATE_KEY } from './bucket.ts';
