import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { repo } from '../consumers/packLatchkey'
import { appPeers, buildFirstBundleApp } from './buildFirstBundleApp'

// The hooks `latchkey/react` exports beside the provider and the button are used by the modal too.
// A bundler loads every file a loaded file imports once anything uses it, so before they became
// wrappers built on their own (ui/exports/), an app rendering only <ConnectButton/> in
// <LatchkeyProvider> loaded the email-login machine, the WalletConnect reducer and the locale
// table before any click. The package's chunks are read back to their sources with the source
// maps the tarball ships.
mkdirSync(join(repo, '.tmp'), { recursive: true })
const work = mkdtempSync(join(repo, '.tmp', 'first-bundle-hooks-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Sources of Latchkey behind the inputs of the app's initial outputs (through the .map files). */
function initialSources(metafile: Metafile, initial: string[]): string[] {
  const inputs = initial.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
  return inputs
    .filter((input) => input.startsWith('node_modules/latchkey/dist/'))
    .flatMap((input) => {
      const map = join(work, `${input}.map`)
      if (!existsSync(map)) return [input]
      const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }
      const base = join(work, 'node_modules', 'latchkey')
      return sources.map((source) => relative(base, resolve(dirname(join(work, input)), source)))
    })
}

test('behavior: <ConnectButton/> in <LatchkeyProvider> loads none of the hooks the modal shares before the first click', async () => {
  const { metafile, initial } = await buildFirstBundleApp(work, 'first-bundle-hooks')
  const sources = initialSources(metafile, initial)
  // the first bundle is read back to sources at all
  expect(sources).toContain('ui/LatchkeyProvider.tsx')
  expect(sources).toContain('src/client/createLatchkeyClient.ts')
  // The button's few strings come from en.json by name; the table itself comes with `t`.
  const modalOnly = sources.filter((source) =>
    /^(ui\/locales\/t\.ts|ui\/hooks\/(useEmailLogin|useSocialLogin|useWalletConnect|useWallets|useSiwx|useTokenBalances|useNfts|useActivity|useReceive|useWalletDirectory|useSend|useSwap|useSwapQuote|useSwapBuild|useSwapTokens|useOnrampOptions|useOnrampQuotes|useOnrampSession|useOnrampStatus)\.ts|ui\/useAccount(DataClient|Target)\.ts|src\/account\/|src\/send\/|src\/swap\/|ui\/swap\/|src\/onramp\/|ui\/onramp\/|src\/stores\/(createSendStore|createSwapRunStore)\.ts|src\/machines\/swapRun\.ts|src\/embeddedWallet\/(createEmailLoginFlow|createSocialLoginFlow|waitForSocialResult)\.ts|ui\/solana\/|src\/machines\/(emailLogin|socialLogin|walletConnectPairing|send|solanaAccount)\.ts|src\/stores\/createWalletConnectPairingStore\.ts|ui\/modal\/)/.test(
      source,
    ),
  )
  expect(modalOnly).toEqual([])
}, 300_000)

test('behavior: embeddedWallet() from latchkey/connectors does not bring the wallet list the modal builds', async () => {
  const { metafile, initial } = await buildFirstBundleApp(
    work,
    'first-bundle-hooks',
    "import { embeddedWallet } from 'latchkey/connectors'\nimport { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [embeddedWallet, ConnectButton, LatchkeyProvider]\n",
  )
  const sources = initialSources(metafile, initial)
  expect(sources).toContain('connectors/embeddedWallet.ts')
  expect(sources).not.toContain('src/wallets/getWalletList.ts')
}, 300_000)

// Issue 13: an app that does not configure Solana carries no Solana code. The app is the bench's
// plain Latchkey app (both connectors, the provider, the button); Solana's packages stay external
// so an import of theirs shows as an edge, and Latchkey's modules are read back through the maps
// (a tsup chunk lists all its sources, so a shared chunk holding a Solana module fails too).
test('behavior: an app without Solana loads no Solana code before the first click', async () => {
  const { metafile, initial } = await buildFirstBundleApp(
    work,
    'first-bundle-hooks',
    "import { embeddedWallet } from 'latchkey/connectors'\nimport { walletConnect } from 'latchkey/connectors/walletConnect'\nimport { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nexport const app = [embeddedWallet, walletConnect, ConnectButton, LatchkeyProvider]\n",
    [...appPeers, '@walletconnect/*', '@solana/*', '@wallet-standard/*'],
  )
  const sources = initialSources(metafile, initial)
  // the first bundle is read back to sources at all, the connectors' shells among them
  expect(sources).toContain('ui/LatchkeyProvider.tsx')
  expect(sources).toContain('connectors/walletConnect.ts')
  const packages = initial.flatMap((file) => [
    ...Object.keys(metafile.outputs[file]?.inputs ?? {}),
    ...(metafile.outputs[file]?.imports ?? []).map((edge) => edge.path),
  ])
  expect(
    packages.filter((path) => /(^|node_modules\/)@(solana|wallet-standard)\//.test(path)),
  ).toEqual([])
  expect(sources.filter((source) => /solana/i.test(source))).toEqual([])
}, 300_000)

// With wagmi and viem bundled, as an app's bundler has them: a module of theirs that the modal
// uses and that the first bundle reaches through a barrel the shell uses (`wagmi` re-exports every
// @wagmi/core action; wagmi's actions import `viem/actions`) is put in the first bundle. wagmi's
// `sendTransaction` action, used by the send flow, opened `viem/actions` that way and brought
// viem's send, fee, gas, receipt and multicall actions before any click (DESIGN.md budget).
test("behavior: the send flow's wallet and chain calls (wagmi's and viem's actions) and the Solana hooks stay out of the first bundle", async () => {
  const { metafile, initial } = await buildFirstBundleApp(
    work,
    'first-bundle-hooks',
    "import { ConnectButton, LatchkeyProvider } from 'latchkey/react'\nimport { createConfig, http } from 'wagmi'\nexport const app = [ConnectButton, LatchkeyProvider, createConfig, http]\n",
    [
      'react',
      'react-dom',
      'react/*',
      '@tanstack/*',
      '@walletconnect/*',
      '@solana/*',
      '@wallet-standard/*',
    ],
  )
  const inputs = initial.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
  // wagmi and viem are bundled at all
  expect(inputs.some((input) => input.includes('@wagmi/core/dist/esm/createConfig.js'))).toBe(true)
  // viem's `call` is left out: `viem`'s own barrel reaches it (ccip), as the bench's baseline app
  // without Latchkey has it in its first bundle too
  const actions = inputs.filter(
    (input) =>
      !input.endsWith('viem/_esm/actions/public/call.js') &&
      /node_modules\/(viem\/_esm\/actions\/|@wagmi\/core\/dist\/esm\/actions\/(sendTransaction|waitForTransactionReceipt|estimateGas|estimateFeesPerGas|getBalance|readContract|multicall)\.js)/.test(
        input,
      ),
  )
  expect(actions).toEqual([])
  const solana = initial.flatMap((file) =>
    (metafile.outputs[file]?.imports ?? [])
      .map((edge) => edge.path)
      .filter((path) => /^@(solana|wallet-standard)\//.test(path)),
  )
  expect(solana).toEqual([])
  expect(initialSources(metafile, initial).filter((s) => s.startsWith('ui/solana/'))).toEqual([])
}, 300_000)
