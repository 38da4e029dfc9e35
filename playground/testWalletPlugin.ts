import type { Plugin } from 'vite'
import { buildTestWalletScript } from '../test/wallet/buildTestWallet'

/**
 * Inlines the injected test wallet (EIP-1193 + EIP-6963, anvil account 0) as the first
 * <script> in <head>, in dev and in the build, so it announces itself before wagmi listens.
 */
export function testWalletPlugin(): Plugin {
  let script: string | undefined
  return {
    name: 'latchkey:test-wallet',
    async buildStart() {
      script = undefined
    },
    transformIndexHtml: {
      // 'post' so this head-prepend runs after Vite's own (react-refresh, @vite/client): first in <head>.
      order: 'post',
      async handler() {
        script ??= await buildTestWalletScript()
        return [
          {
            tag: 'script',
            attrs: { 'data-latchkey-test-wallet': '' },
            // `</script` inside the inlined source would end the tag early.
            children: script.replace(/<\/script/gi, '<\\/script'),
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}
