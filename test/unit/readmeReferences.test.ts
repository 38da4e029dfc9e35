import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// A user reads the README from npm or node_modules/latchkey: it may point only at files the
// package ships, and it opens with the line that installs it.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const shipped: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files

/** Whether `path` is inside one of the package's `files` entries. */
function ships(path: string): boolean {
  return shipped.some((entry) => path === entry || path.startsWith(`${entry}/`))
}

describe('README a user can follow', () => {
  test('default: the first section installs the package with its peers', () => {
    const first = readme.match(/\n## (.+)\n/)?.[1]
    expect(first).toBe('Install')
    const start = readme.indexOf('\n## Install\n')
    const install = readme.slice(start, readme.indexOf('\n## ', start + 1))
    expect(install).toContain('npm install latchkey wagmi viem @tanstack/react-query')
  })

  test('default: every docs page it names ships in the package and exists', () => {
    const paths = [
      ...readme.matchAll(
        /`(?:node_modules\/latchkey\/)?((?:docs|server)\/[\w/-]+\.md)(?:#[\w-]+)?`/g,
      ),
    ].map((match) => match[1] ?? '')
    expect(paths.length).toBeGreaterThan(2)
    for (const path of new Set(paths)) {
      expect(ships(path), `${path} is not in package.json "files"`).toBe(true)
      expect(existsSync(join(root, path)), `${path} does not exist`).toBe(true)
    }
  })

  test('error: it cites nothing a user does not have', () => {
    for (const internal of [/\bSPEC\b/, /DESIGN\.md/, /contracts\.md/, /bench\/\w+\.ts/])
      expect(readme, String(internal)).not.toMatch(internal)
  })
})
