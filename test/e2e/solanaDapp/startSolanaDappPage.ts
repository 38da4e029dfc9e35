import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entry = fileURLToPath(new URL('./solanaDappEntry.tsx', import.meta.url))

/**
 * Builds the Solana dapp page (React, the Solana hooks of `latchkey/react` over the adapter of
 * `latchkey/solana`) and serves it on `http://127.0.0.1:<port>/` (a secure context: the test
 * wallet keeps its key in IndexedDB).
 */
export async function startSolanaDappPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: '/',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const files = new Map(result.outputFiles.map((file) => [file.path, file.text]))
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const script = files.get(path)
    if (script !== undefined) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      response.end(script)
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><html><head><title>Solana dapp</title></head><body><div id="root"></div><script type="module" src="/solanaDappEntry.js"></script></body></html>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
