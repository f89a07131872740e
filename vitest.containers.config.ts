import { defineConfig } from 'vitest/config';

/**
 * `npm run test:containers`: the `*.containers.test.ts` suites, each running a port's contract
 * suite against a throwaway server in Docker (testcontainers). Without a Docker engine every suite
 * prints why it is skipped, and the run passes. `npm test` leaves these files out.
 */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.containers.test.ts',
      'services/*/src/**/*.containers.test.ts',
      'services/*/test/**/*.containers.test.ts',
      'launcher/test/**/*.containers.test.ts',
    ],
    // pulls each image a suite names, or builds its stand-in here when no registry answers
    globalSetup: ['packages/platform/src/testing/containers-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // containers are heavy: one file (one server) at a time
    fileParallelism: false,
    passWithNoTests: true,
  },
});
