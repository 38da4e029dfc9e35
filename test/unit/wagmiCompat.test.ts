import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Names only wagmi 3 exports (wagmi 2 has `useAccount`, `getAccount`, … instead). */
const wagmi3Only = ['useConnection', 'useConnectionEffect', 'getConnection', 'watchConnection']

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : []
  })
}

describe('wagmi 2 and 3 through one seam', () => {
  test('behavior: only ui/wagmiCompat.ts imports a name wagmi 2 lacks', () => {
    const offenders: string[] = []
    for (const file of ['src', 'connectors', 'ui'].flatMap((dir) => sources(join(root, dir)))) {
      const rel = relative(root, file)
      if (rel === join('ui', 'wagmiCompat.ts')) continue
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(
        /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(wagmi[^']*)'/g,
      )) {
        const names = (match[1] ?? '').split(',').map((name) => name.trim().split(/\s+/)[0])
        for (const name of names)
          if (name && wagmi3Only.includes(name)) offenders.push(`${rel}: ${name} from ${match[2]}`)
      }
    }
    expect(offenders).toEqual([])
  })

  test('default: the seam hands wagmi 3 names to the rest of Latchkey', async () => {
    const compat = await import('../../ui/wagmiCompat')
    const wagmi = await import('wagmi')
    const actions = await import('wagmi/actions')
    // On wagmi 3 the old names are aliases of the new ones: the same functions.
    expect(compat.useConnectionEffect).toBe(wagmi.useConnectionEffect)
    expect(compat.getConnection).toBe(actions.getConnection)
    expect(compat.watchConnection).toBe(actions.watchConnection)
  })
})
