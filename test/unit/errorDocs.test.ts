import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { BaseError } from '../../src/errors/base'
import { defaultDocsBaseUrl, setDocsBaseUrl } from '../../src/errors/docsBaseUrl'
import { FrameNotMountedError } from '../../src/errors/FrameNotMountedError'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

// Every error's `Docs:` line must lead to a real page and section of the docs the package ships.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const errorsDir = join(root, 'src/errors')
const packageFiles = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }
).files

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

function anchorsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? ''))
}

/** Where a `Docs:` link made with the default base points, inside this repository. */
function resolveDefaultLink(link: string): { file: string; anchor: string } {
  const prefix = 'node_modules/latchkey/'
  expect(link.startsWith(prefix), link).toBe(true)
  const [path = '', anchor = ''] = link.slice(prefix.length).split('#')
  return { file: path, anchor }
}

function expectResolves(link: string) {
  const { file, anchor } = resolveDefaultLink(link)
  expect(existsSync(join(root, file)), `${file} exists`).toBe(true)
  expect(
    packageFiles.some((entry) => file === entry || file.startsWith(`${entry}/`)),
    `${file} is in package.json "files"`,
  ).toBe(true)
  expect(anchorsOf(readFileSync(join(root, file), 'utf8')), `#${anchor} in ${file}`).toContain(
    anchor,
  )
}

/** Every `docsPath: '…'` an error class passes to `BaseError`. */
const docsPaths = readdirSync(errorsDir)
  .filter((file) => file.endsWith('Error.ts'))
  .flatMap((file) =>
    [...readFileSync(join(errorsDir, file), 'utf8').matchAll(/docsPath: '([^']+)'/g)].map(
      (match) => ({ file, docsPath: match[1] ?? '' }),
    ),
  )

afterEach(() => setDocsBaseUrl())

describe('error docs links', () => {
  test('default: every error class’s docsPath resolves to a shipped docs file and heading', () => {
    expect(docsPaths.length).toBeGreaterThan(0)
    for (const { docsPath } of docsPaths) expectResolves(`${defaultDocsBaseUrl}${docsPath}`)
  })

  test('default: the Docs line of a thrown error resolves', () => {
    for (const error of [
      new OptionsValidationError({ option: 'foo', reason: 'Unknown option', unknown: true }),
      new FrameNotMountedError(),
    ]) {
      const link = error.message.match(/^Docs: (.+)$/m)?.[1]
      if (!link) throw new Error(`no Docs line in: ${error.message}`)
      expectResolves(link)
    }
  })

  test('behavior: setDocsBaseUrl points the Docs line at the host’s docs', () => {
    setDocsBaseUrl('https://docs.example.com/latchkey/')
    const error = new OptionsValidationError({ option: 'foo', reason: 'bad' })
    expect(error.message).toContain('Docs: https://docs.example.com/latchkey/errors.md#options')
    setDocsBaseUrl()
    expect(new BaseError('x', { docsPath: '/errors.md#frame' }).message).toContain(
      'Docs: node_modules/latchkey/docs/errors.md#frame',
    )
  })
})
