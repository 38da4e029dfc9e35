import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'
import { jsonStringNamesPlugin } from '../scripts/jsonStringNamesPlugin'
import { testWalletPlugin } from './testWalletPlugin'

const root = fileURLToPath(new URL('.', import.meta.url))
const repo = fileURLToPath(new URL('..', import.meta.url))

/** `/rpc/{chainId}` → the anvil node named in `LATCHKEY_RPC_{chainId}` (set by scripts/dev.ts). */
function rpcProxy(): Record<string, ProxyOptions> {
  const proxy: Record<string, ProxyOptions> = {}
  for (const chainId of [1, 56]) {
    const target = process.env[`LATCHKEY_RPC_${chainId}`]
    if (!target) continue
    proxy[`/rpc/${chainId}`] = {
      target,
      changeOrigin: true,
      ignorePath: true,
    }
  }
  // The loopback WalletConnect relay (`LATCHKEY_RELAY`, set by scripts/dev.ts) as `/relay`.
  const relay = process.env.LATCHKEY_RELAY
  if (relay)
    proxy['/relay'] = {
      target: relay.replace(/^ws/, 'http'),
      ws: true,
      // Keep the query: core sends its client id (`auth`) there.
      rewrite: (path) => path.replace(/^\/relay\/?/, '/'),
    }
  return proxy
}

export default defineConfig({
  root,
  base: './',
  plugins: [testWalletPlugin(), react(), jsonStringNamesPlugin()],
  resolve: {
    // Longest first: `latchkey` must not swallow `latchkey/react` and friends.
    alias: [
      {
        find: /^latchkey\/connectors\/walletConnect$/,
        replacement: `${repo}connectors/walletConnect.ts`,
      },
      {
        find: /^latchkey\/connectors\/socialReturn$/,
        replacement: `${repo}connectors/socialReturn.ts`,
      },
      { find: /^latchkey\/connectors$/, replacement: `${repo}connectors/index.ts` },
      { find: /^latchkey\/solana$/, replacement: `${repo}connectors/solana/index.ts` },
      { find: /^latchkey\/styles\.css$/, replacement: `${repo}ui/styles.css` },
      { find: /^latchkey\/react$/, replacement: `${repo}ui/index.ts` },
      { find: /^latchkey$/, replacement: `${repo}src/index.ts` },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    proxy: rpcProxy(),
    fs: { allow: [repo] },
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
})
