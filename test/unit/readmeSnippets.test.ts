import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// The consumer fixtures (test/consumers/) are built from the packed tarball and driven in
// Chromium; the README's snippets must be those files, so the docs cannot drift from the API.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

/** The fenced code blocks of one `## ` section of the README. */
function snippets(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`README has no "## ${heading}" section`)
  const end = readme.indexOf('\n## ', start + 1)
  const section = readme.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(/```(?:ts|tsx)\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
}

const fixture = (path: string) => readFileSync(join(root, 'test/consumers', path), 'utf8')

describe('README snippets are the consumer fixtures', () => {
  test('default: Usage is the Vite fixture’s src/App.tsx', () => {
    expect(snippets('Usage')[0]).toBe(fixture('vite-react19-wagmi3/src/App.tsx'))
  })

  test('default: every file of the Next.js section is the Next fixture’s file', () => {
    const files = snippets('Next.js (app router)')
    expect(files.length).toBe(4)
    for (const snippet of files) {
      const [first = '', ...rest] = snippet.split('\n')
      const path = first.match(/^\/\/ (app\/[\w.]+)/)?.[1]
      if (!path) throw new Error(`a Next.js snippet does not start with its path: ${first}`)
      expect(rest.join('\n'), path).toBe(fixture(`next-app-router/${path}`))
    }
  })
})
