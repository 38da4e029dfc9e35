import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { moduleMockFiles, packageFiles, walletConnectSdkFiles } from '../../vitest.config'
import { repo } from '../consumers/packLatchkey'

// The unit and ui projects share one module graph per worker (`isolate: false`): a file that
// replaces a module with `vi.mock` there would hand its fake to the files after it, or find the
// real module already loaded. Such files must be listed to run isolated.
const mocking = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/

/** The unit and ui projects' test files under `dir` (less the integration files). */
const testFiles = (dir: string) =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.includes('node_modules'))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.endsWith('.integration.test.ts'))
    .map((file) => join(dir, file))

test('default: every unit or ui file that mocks modules runs isolated, and every listed one still does', () => {
  const unitFiles = ['src', 'connectors', 'test/unit', 'ui'].flatMap(testFiles)
  const mockingFiles = unitFiles.filter((file) =>
    mocking.test(readFileSync(join(repo, file), 'utf8')),
  )
  expect(mockingFiles.length).toBeGreaterThan(0)
  expect(mockingFiles.sort()).toEqual([...moduleMockFiles].sort())
})

test('default: no integration file mocks modules (that project shares a module graph per worker too)', () => {
  const integrationFiles = [
    ...['server', 'frame', 'test/relay', 'test/wcwallet', 'test/solana'].flatMap((dir) =>
      readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file))
        .map((file) => join(dir, file)),
    ),
    ...['src', 'connectors', 'test/unit', 'ui'].flatMap((dir) =>
      readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => !file.includes('node_modules') && file.endsWith('.integration.test.ts'))
        .map((file) => join(dir, file)),
    ),
  ].filter((file) => !packageFiles.includes(file))
  expect(integrationFiles.length).toBeGreaterThan(50)
  const mockingFiles = integrationFiles.filter((file) =>
    mocking.test(readFileSync(join(repo, file), 'utf8')),
  )
  expect(mockingFiles).toEqual([])
  // WalletConnect's SDK outlives its file (timers, sockets): those files run isolated
  const sdkFiles = integrationFiles.filter((file) =>
    /@walletconnect\/|test\/wcwallet\/|startRelay|walletConnect\(/.test(
      readFileSync(join(repo, file), 'utf8'),
    ),
  )
  expect(sdkFiles.length).toBeGreaterThan(0)
  expect(sdkFiles.sort()).toEqual([...walletConnectSdkFiles].sort())
})
