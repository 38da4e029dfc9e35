import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'tsup'

/**
 * `latchkey/react`'s components and hooks, each built as its own file (`ui/exports/X.js`) that
 * `ui/index.js` imports by that name and leaves external. Each is a client boundary of its own
 * (`"use client"`), the barrel is not: Next.js keeps every export of a client module it ships, so
 * a one-module barrel put the whole UI in the first bundle of a Server Component page that
 * renders only <ConnectButton/>. And an app's bundler follows every import of a file the app
 * loads, used or not: a hook the modal uses too would otherwise load with the first bundle.
 */
const clientExports = readdirSync('ui/exports')
  .filter((file) => /^[A-Za-z]+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))

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
  /^@wallet-standard\//,
  /^hono($|\/)/,
  /^@hono\//,
  /^@libsql\//,
  /^pg($|\/)/,
  /^nodemailer($|\/)/,
  /^esbuild$/,
  // ui/index.ts imports its components and hooks, connectors/index.ts getWalletList, by their
  // built names (clientExports, connectors/exports/)
  /^\.\/exports\/[A-Za-z]+\.js$/,
]

// `overrides`: the CLI's options (`npm run bench` builds into `.bench/dist` with `--out-dir`).
export default defineConfig((overrides) => ({
  entry: {
    'src/index': 'src/index.ts',
    'connectors/index': 'connectors/index.ts',
    // Not a package export: reached through `latchkey/connectors` only, as ui/exports/ are.
    'connectors/exports/getWalletList': 'connectors/exports/getWalletList.ts',
    // Its own entry: only an app that imports it references WalletConnect's SDK (an optional peer).
    'connectors/walletConnect': 'connectors/walletConnect.ts',
    // Its own entry: the social login's return page helper, loaded only by a page that calls it.
    'connectors/socialReturn': 'connectors/socialReturn.ts',
    // Its own entry: only an app that imports it carries Solana code or loads @wallet-standard/app.
    'connectors/solana/index': 'connectors/solana/index.ts',
    'ui/index': 'ui/index.ts',
    // Not package exports: reached through `latchkey/react` only (see clientExports).
    ...Object.fromEntries(
      clientExports.map((name) => [`ui/exports/${name}`, `ui/exports/${name}.ts`]),
    ),
    'server/index': 'server/index.ts',
    'server/cli': 'server/cli.ts',
  },
  format: ['esm'],
  // Declarations: `tsc -p tsconfig.build.json` after this build (package.json `build`).
  dts: false,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: peers,
  outDir: 'dist',
  onSuccess: async () => {
    mkdirSync('dist/ui', { recursive: true })
    copyFileSync('ui/styles.css', 'dist/ui/styles.css')
    for (const name of clientExports)
      markClientEntry(join(overrides.outDir ?? 'dist', `ui/exports/${name}.js`))
  },
}))
