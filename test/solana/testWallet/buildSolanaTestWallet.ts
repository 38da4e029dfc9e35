import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entry = fileURLToPath(new URL('./solanaTestWallet.ts', import.meta.url))

/**
 * Builds the Solana test wallet into one self-running script (IIFE) for Playwright's
 * `addInitScript` or a page's `<script>`. Configure it in the page with
 * `window.__latchkeySolanaTestWallet = { rpcUrl, faults }` (read on every call).
 * @example
 * await context.addInitScript({ content: await buildSolanaTestWalletScript() })
 */
export async function buildSolanaTestWalletScript(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    write: false,
    minify: false,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no output for the Solana test wallet')
  return output.text
}
