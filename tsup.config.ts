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
  // ui/index.ts imports the public hooks the modal shares by their built names (see below)
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
    // The public hooks the modal uses too, each built on its own and imported by ui/index.js
    // as an external file: an app's bundler follows every import of a file the app loads, used
    // or not, and would otherwise load each hook (and what it imports) with the first bundle as
    // soon as the modal uses it. Not package exports: reached through `latchkey/react` only.
    'ui/exports/useEmailLogin': 'ui/exports/useEmailLogin.ts',
    'ui/exports/useSiwx': 'ui/exports/useSiwx.ts',
    'ui/exports/useWalletConnect': 'ui/exports/useWalletConnect.ts',
    'ui/exports/useWallets': 'ui/exports/useWallets.ts',
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
