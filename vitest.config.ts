import { defineConfig } from 'vitest/config'
import { jsonStringNamesPlugin } from './scripts/jsonStringNamesPlugin'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [jsonStringNamesPlugin()],
        test: {
          name: 'unit',
          environment: 'node',
          // Property tests run 100 cases; on a loaded 2-core runner 5 s was not always enough.
          testTimeout: 20_000,
          include: ['src/**/*.test.ts', 'connectors/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        plugins: [jsonStringNamesPlugin()],
        test: {
          name: 'ui',
          environment: 'happy-dom',
          testTimeout: 20_000,
          include: ['ui/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'frame/**/*.test.ts',
            'test/relay/**/*.test.ts',
            'test/wcwallet/**/*.test.ts',
            'test/solana/**/*.test.ts',
            '**/*.integration.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/harness/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Consumer fixtures (test/consumers/<name>/) install and build out of the tree: mostly
          // npm and bundlers, so they run one at a time beside the browser tests, not after them.
          name: 'consumers',
          environment: 'node',
          include: ['test/consumers/*.test.ts'],
          globalSetup: ['test/harness/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
