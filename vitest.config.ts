// The test runner. Three projects so each layer pays only for what it needs:
//   unit         test/unit, test/infra   pure code and CDK templates: no services
//   integration  test/integration         ONE in-memory DynamoDB Local + ONE s3rver for the whole run
//                                         (globalSetup test/support/local-services.ts); setupFiles
//                                         copy their endpoints into each worker's process.env
//   e2e          test/e2e                  spawns `npm start` itself on free ports
// A project's globalSetup runs only when one of its files is selected, so `vitest run test/unit`
// does not start a JVM (DynamoDB Local costs 1.5–5 s on these 2-core machines).
import { defineConfig } from 'vitest/config';

// The AWS SDK warns once per process on Node 20; the warning says nothing about our code. Set here so
// the global setup (this process) is quiet too; workers inherit it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  test: {
    // Forks, not threads: each test file gets its own process.env and module cache (handlers read
    // their configuration at module scope), and the e2e tests spawn and signal child processes.
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
    // The suite runs on 2 cores next to a JVM; two files at a time keeps DynamoDB Local responsive.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Every project inherits it: the run's temp files go to a folder of its own, and the run fails if a
    // test leaves anything in it (test/support/tmp-guard.ts).
    globalSetup: ['test/support/tmp-guard.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/infra/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/local-services.ts'],
          setupFiles: ['test/support/setup-env.ts'],
        },
      },
      {
        extends: true,
        // The studio is built once for every e2e file (each starts local mode, which serves it).
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          globalSetup: ['test/support/studio-build.ts'],
        },
      },
    ],
  },
});
