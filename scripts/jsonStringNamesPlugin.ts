import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

/**
 * Vite's JSON loader only gives a JSON file's top-level keys as named exports when they are
 * identifiers; esbuild (the package build, tsup) also exports the others, `'button.connect'`, as
 * string names. `ui/locales/shell.ts` imports the first bundle's strings that way from `en.json`
 * (so the app's first bundle holds those few, not the whole file): this plugin gives Vite
 * (vitest, the playground) the same exports. Runs after Vite's JSON plugin and replaces its output.
 */
export function jsonStringNamesPlugin(): Plugin {
  return {
    name: 'latchkey:json-string-names',
    enforce: 'post',
    transform(_code, id) {
      const [file, query] = id.split('?')
      if (query || !file?.endsWith('/ui/locales/en.json')) return null
      const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      const keys = Object.keys(data)
      const lines = keys.map((key, i) => `const k${i} = ${JSON.stringify(data[key])};`)
      lines.push(
        `export default { ${keys.map((key, i) => `${JSON.stringify(key)}: k${i}`).join(', ')} };`,
      )
      lines.push(
        `export { ${keys.map((key, i) => `k${i} as ${JSON.stringify(key)}`).join(', ')} };`,
      )
      return { code: lines.join('\n'), map: null }
    },
  }
}
