import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entry = fileURLToPath(new URL('./testWallet.ts', import.meta.url))

/**
 * Builds the injected test wallet into one self-running script (IIFE), for Playwright's
 * `addInitScript` and for the playground's `<script>`.
 * @example
 * const script = await buildTestWalletScript()
 * await context.addInitScript({ content: script })
 */
export async function buildTestWalletScript(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    minify: false,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no output for the test wallet')
  return output.text
}
