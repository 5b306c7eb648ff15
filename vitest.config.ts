import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/support/developer-env.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Build tests write to temporary folders and spawn the CLI; two files at a time suit a 2-core machine.
    maxWorkers: 2,
  },
});
