import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { packLatchkey } from '../consumers/packLatchkey'
import { findUnsafeCode } from './findUnsafeCode'

// Plan row J, on what users install: every script in the packed tarball, the frame's bundle
// (which carries viem, noble and zod into the wallet origin) included.
const unpacked = mkdtempSync(join(tmpdir(), 'latchkey-hygiene-'))
afterAll(() => rmSync(unpacked, { recursive: true, force: true }))

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return scripts(path)
    return /\.(m?js|cjs)$/.test(entry) ? [path] : []
  })
}

test('error: the built package holds no eval, Function, Math.random, script element or runtime import()', async () => {
  const { tarball } = await packLatchkey()
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked])
  expect(untar.status, String(untar.stderr)).toBe(0)
  const files = scripts(join(unpacked, 'package'))
  expect(files.some((file) => file.includes(join('dist', 'frame', 'assets')))).toBe(true)
  expect(files.length).toBeGreaterThan(20)
  const found = files.flatMap((file) =>
    findUnsafeCode(
      relative(unpacked, file).replace(/\.(m?js|cjs)$/, '.js'),
      readFileSync(file, 'utf8'),
    ),
  )
  expect(found).toEqual([])
}, 300_000)
