import type { Plugin } from 'vite'
import { buildTestWalletScript } from '../test/wallet/buildTestWallet'

/** The test wallet's own file, beside index.html (a file, not inline: the CSP allows no inline script). */
const fileName = 'test-wallet.js'

/**
 * Serves the injected test wallet (EIP-1193 + EIP-6963, anvil account 0) as `test-wallet.js`
 * and loads it with the first (classic, blocking) <script> in <head>, in dev and in the build,
 * so it announces itself before wagmi listens. An external file keeps the page within
 * `script-src 'self'` (plan G13).
 */
export function testWalletPlugin(): Plugin {
  let script: Promise<string> | undefined
  const source = () => {
    script ??= buildTestWalletScript()
    return script
  }
  return {
    name: 'latchkey:test-wallet',
    buildStart() {
      script = undefined
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        source().then(
          (body) => {
            response.setHeader('content-type', 'text/javascript; charset=utf-8')
            response.end(body)
          },
          () => {
            response.statusCode = 500
            response.end()
          },
        )
      })
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await source() })
    },
    transformIndexHtml: {
      // 'post' so this head-prepend runs after Vite's own (react-refresh, @vite/client): first in <head>.
      order: 'post',
      handler() {
        return [
          {
            tag: 'script',
            attrs: { src: `./${fileName}`, 'data-latchkey-test-wallet': '' },
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}
