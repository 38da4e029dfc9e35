import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'tsup'

/** Entries whose exports use hooks or context: React Server Components must treat them as client. */
const clientEntries = ['ui/index.js']

/**
 * Puts `"use client"` first in a built entry (esbuild drops module directives when it bundles)
 * and shifts its source map by the added line. Only entries get it, never shared chunks: the
 * core (`latchkey`) shares chunks with the React entry and must stay callable from the server.
 */
function markClientEntry(file: string) {
  const code = readFileSync(file, 'utf8')
  if (code.startsWith('"use client"')) return
  writeFileSync(file, `"use client";\n${code}`)
  const mapFile = `${file}.map`
  if (!existsSync(mapFile)) return
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string }
  map.mappings = `;${map.mappings}`
  writeFileSync(mapFile, JSON.stringify(map))
}

const peers = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^wagmi($|\/)/,
  /^@wagmi\//,
  /^viem($|\/)/,
  /^@tanstack\//,
  /^@walletconnect\//,
  /^hono($|\/)/,
  /^@hono\//,
  /^@libsql\//,
  /^nodemailer($|\/)/,
  /^esbuild$/,
  /^\.\/exports\/[A-Za-z]+\.js$/,
]

// `overrides`: the CLI's options (`npm run bench` builds into `.bench/dist` with `--out-dir`).
export default defineConfig((overrides) => ({
  entry: {
    'src/index': 'src/index.ts',
    'connectors/index': 'connectors/index.ts',
    // Its own entry: only an app that imports it references WalletConnect's SDK (an optional peer).
    'connectors/walletConnect': 'connectors/walletConnect.ts',
    'ui/index': 'ui/index.ts',
    // Entries of their own, though not package exports, so that the chunks the React entry shares
    // with the modal never mix what the provider and the button need with what only the modal
    // or an optional hook needs: esbuild puts a whole chunk in the first bundle as soon as a
    // loaded file imports it, used or not (see ui/exports/useEmailLogin.ts).
    'ui/exports/useEmailLogin': 'ui/exports/useEmailLogin.ts',
    'ui/exports/useWalletConnect': 'ui/exports/useWalletConnect.ts',
    'server/index': 'server/index.ts',
    'server/cli': 'server/cli.ts',
  },
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: peers,
  outDir: 'dist',
  onSuccess: async () => {
    mkdirSync('dist/ui', { recursive: true })
    copyFileSync('ui/styles.css', 'dist/ui/styles.css')
    for (const file of clientEntries) markClientEntry(join(overrides.outDir ?? 'dist', file))
  },
}))
