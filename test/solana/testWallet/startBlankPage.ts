import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A blank HTML page on `http://127.0.0.1:<port>/` (a secure context, so WebCrypto and IndexedDB
 * work), for tests that inject the Solana test wallet and play the app side themselves.
 */
export async function startBlankPage(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><html><head><title>Solana dapp</title></head><body>dapp</body></html>',
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
