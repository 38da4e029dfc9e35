import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repo } from '../consumers/packLatchkey'
import { buildFirstBundleApp } from './buildFirstBundleApp'

// What an app pays before the first click, from the packed tarball (its chunks are what a user's
// bundler sees, not our source files): an app that renders <ConnectButton/> in
// <LatchkeyProvider> must not load zod, motion or WalletConnect until the modal opens. tsup merges
// modules that the same entries reach into one chunk, so a value import from the React entry's
// graph into a zod module (as `maxRecentWallets` once was) pulls zod in whole.
mkdirSync(join(repo, '.tmp'), { recursive: true })
const work = mkdtempSync(join(repo, '.tmp', 'first-bundle-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

test('behavior: <ConnectButton/> in <LatchkeyProvider> loads no zod, motion or WalletConnect before the first click', async () => {
  const { metafile, initial } = await buildFirstBundleApp(work, 'first-bundle-app')
  const inputs = initial.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
  // latchkey/react's barrel holds no code of its own the app uses: the shell's built file does
  expect(inputs, 'the app must load latchkey/react from the tarball').toContain(
    'node_modules/latchkey/dist/ui/exports/shell.js',
  )
  const lazyOnly = inputs.filter((input) =>
    /node_modules\/(zod|motion|motion-dom|framer-motion|@walletconnect)\//.test(input),
  )
  expect(lazyOnly).toEqual([])
}, 300_000)
