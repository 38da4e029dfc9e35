import { copyFileSync, mkdirSync } from 'node:fs'
import { defineConfig } from 'tsup'

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
]

export default defineConfig({
  entry: {
    'src/index': 'src/index.ts',
    'connectors/index': 'connectors/index.ts',
    'ui/index': 'ui/index.ts',
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
  },
})
