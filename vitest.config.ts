import { defineConfig } from 'vitest/config'
import { jsonStringNamesPlugin } from './scripts/jsonStringNamesPlugin'
import { consumerWorkers, e2eWorkers } from './test/harness/e2eWorkers'
import { postgresFiles } from './test/harness/postgresFiles'

/** Bundles the server programs tests start in child processes (the `latchkey` bin and others). */
const serverBundlesSetup = 'test/harness/serverBundles.ts'
/** A folder for the run's PostgreSQL server, started by the first test that asks for a database. */
const postgresSetup = 'test/harness/postgresSetup.ts'
const unitFiles = ['src/**/*.test.ts', 'connectors/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}']
/**
 * Unit files that replace modules (`vi.mock`) or count their loads: they need a module graph of
 * their own, so they run isolated. `test/unit/isolation.test.ts` keeps this list complete.
 */
export const moduleMockFiles = [
  'connectors/embeddedWallet/firstVisit.test.ts',
  'connectors/walletConnect.test.ts',
  'ui/guardReconnect.test.ts',
  'ui/hardenReconnect.test.tsx',
  'ui/modal/switchChainConfirmed.test.ts',
]
/**
 * Files that check the packed tarball (built once per run by `packLatchkey`): a project of their
 * own, which `npm test` starts once the tarball is there, so they never hold a worker of the fast
 * projects while the build runs (three of them did, for its whole three minutes).
 */
export const packageFiles = [
  'test/unit/codeHygiene.integration.test.ts',
  'test/unit/declarations.integration.test.ts',
  'test/unit/firstBundle.integration.test.ts',
  'test/unit/firstBundleHooks.integration.test.ts',
]
/**
 * Integration files that run WalletConnect's SDK: its clients keep timers and sockets after a
 * file ends (heartbeats, relay reconnects), which in a shared module graph failed later files
 * with the SDK's unhandled rejections. They run isolated; `test/unit/isolation.test.ts` keeps
 * this list complete.
 */
export const walletConnectSdkFiles = [
  'connectors/walletConnect.disconnect.integration.test.ts',
  'connectors/walletConnect.faults.integration.test.ts',
  'connectors/walletConnect.integration.test.ts',
  'connectors/walletConnect.relay.integration.test.ts',
  'connectors/walletConnect.solana.integration.test.ts',
  'test/relay/faults.test.ts',
  'test/relay/startRelay.test.ts',
  'test/wcwallet/faults.test.ts',
  'test/wcwallet/session.test.ts',
]
const integrationFiles = [
  'server/**/*.test.ts',
  'frame/**/*.test.ts',
  'test/relay/**/*.test.ts',
  'test/wcwallet/**/*.test.ts',
  'test/solana/**/*.test.ts',
  'test/custody/**/*.test.ts',
  '**/*.integration.test.ts',
]
/**
 * The server files that start a test server on a database they do not name: `integration-pg`
 * runs them again on PostgreSQL (the storage files and the multi-instance ones name both).
 */
export const postgresServerFiles = postgresFiles(import.meta.dirname, ['server', 'test/custody'])
const integrationProject = (
  name: string,
  include: string[],
  isolate: boolean,
  env: Record<string, string> = {},
) => ({
  test: {
    name,
    environment: 'node' as const,
    include,
    env,
    exclude: ['**/node_modules/**', ...packageFiles, ...(isolate ? [] : walletConnectSdkFiles)],
    globalSetup: [serverBundlesSetup, postgresSetup],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // These files time real servers, timers and child processes beside the browser and
    // consumer suites on 2 cores: a test that fails is run once more, and `npm test` lists
    // every test that passed only then (a second failure fails the run).
    retry: 1,
    // As the unit files: one module graph per worker (but for the SDK files above). A fresh one
    // per file (a new process loading the server and viem again) was a third of the project's CPU
    // time (288 → 183 s measured alone). None of these files replaces a module
    // (test/unit/isolation.test.ts); those that stub globals or fake timers put them back.
    isolate,
  },
})
const uiProject = (name: string, include: string[], isolate: boolean) => ({
  esbuild: { jsx: 'automatic' as const },
  plugins: [jsonStringNamesPlugin()],
  test: {
    name,
    environment: 'happy-dom',
    testTimeout: 20_000,
    include,
    // `*.integration.test.ts` files under ui/ run in Node with the integration project (the
    // browser-like environment's fetch applies CORS to the loopback servers they start).
    exclude: isolate
      ? []
      : ['**/node_modules/**', '**/*.integration.test.{ts,tsx}', ...moduleMockFiles],
    setupFiles: ['test/ui/setup.ts'],
    globalSetup: [serverBundlesSetup],
    // As the unit files: one module graph (and one happy-dom window) per worker; test/ui/setup.ts
    // gives each file fresh copies of our modules and puts back what a file changed.
    isolate,
  },
})

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [jsonStringNamesPlugin()],
        test: {
          name: 'unit',
          environment: 'node',
          // Property tests run up to thousands of cases: 1.6 s alone took over 20 s on a loaded
          // 2-core runner (the whole suite beside it). The limit catches a hang, not slowness.
          testTimeout: 60_000,
          include: unitFiles,
          exclude: ['**/*.integration.test.ts', '**/node_modules/**', ...moduleMockFiles],
          // The unit files share one module graph per worker (each file is still its own
          // run): loading viem, wagmi and the source again for each of 120 files was two thirds
          // of the project's time. Files that mock modules get fresh ones (below).
          isolate: false,
        },
      },
      {
        plugins: [jsonStringNamesPlugin()],
        test: {
          name: 'unit-isolated',
          environment: 'node',
          testTimeout: 60_000,
          include: moduleMockFiles.filter((file) => !file.startsWith('ui/')),
        },
      },
      uiProject('ui', ['ui/**/*.test.{ts,tsx}'], false),
      uiProject(
        'ui-isolated',
        moduleMockFiles.filter((file) => file.startsWith('ui/')),
        true,
      ),
      integrationProject('integration', integrationFiles, false),
      integrationProject('integration-isolated', walletConnectSdkFiles, true),
      // The same server files with every test server on a PostgreSQL database of the run's one
      // server (test/harness/testDatabase.ts): the suite covers both databases.
      integrationProject('integration-pg', postgresServerFiles, false, {
        LATCHKEY_TEST_DATABASE: 'postgres',
      }),
      {
        test: {
          name: 'package',
          environment: 'node',
          include: packageFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As the integration files, which they were: once more after a failure, listed.
          retry: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/harness/globalSetup.ts', serverBundlesSetup],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each worker has its own chains, relay and server (globalSetup), as many as run.
          maxWorkers: e2eWorkers,
          // One module graph per worker: a fresh process per file cost 4–5 s between files quiet
          // and 8–13 s under the full run's load (over two minutes of the group's 13). The files
          // share no module state they rely on: each starts and stops its own browser and servers.
          isolate: false,
          // As the integration files: once more after a failure, listed by `npm test`.
          retry: 1,
        },
      },
      {
        test: {
          // Consumer fixtures (test/consumers/<name>/) install and build out of the tree: mostly
          // npm and bundlers, beside the browser tests, not after them; two at a time (each
          // worker with its own chains), the Next.js app on one and the other apps on the other.
          name: 'consumers',
          environment: 'node',
          include: ['test/consumers/*.test.ts'],
          globalSetup: ['test/harness/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: consumerWorkers,
        },
      },
    ],
  },
})
