import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'
import { moduleMockFiles } from '../../vitest.config'
import { repo } from '../consumers/packLatchkey'

// The unit project shares one module graph per worker (`isolate: false`): a file that replaces
// a module with `vi.mock` there would hand its fake to the files after it, or find the real
// module already loaded. Such files must be listed to run isolated.
const mocking = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* testFiles(path)
    else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.integration.test.ts'))
      yield relative(repo, path)
  }
}

test('default: every unit file that mocks modules runs isolated, and every listed one still does', () => {
  const unitFiles = [
    ...testFiles(join(repo, 'src')),
    ...testFiles(join(repo, 'connectors')),
    ...testFiles(join(repo, 'test/unit')),
  ]
  const mockingFiles = unitFiles.filter((file) =>
    mocking.test(readFileSync(join(repo, file), 'utf8')),
  )
  expect(mockingFiles.length).toBeGreaterThan(0)
  expect(mockingFiles.sort()).toEqual([...moduleMockFiles].sort())
})
