import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'launcher/test/**/*.test.ts',
    ],
    // the Docker suites run apart: `npm run test:containers` (vitest.containers.config.ts)
    exclude: [...configDefaults.exclude, '**/*.containers.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
