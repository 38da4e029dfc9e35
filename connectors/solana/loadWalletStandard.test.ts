import { describe, expect, test } from 'vitest'
import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { loadWalletStandard } from './loadWalletStandard'

describe('loadWalletStandard', () => {
  test('default: the installed registry', async () => {
    const api = await loadWalletStandard()
    expect(Array.isArray(api.get())).toBe(true)
  })

  test('behavior: a missing package is a MissingPeerDependencyError naming it', async () => {
    // A real failed import, as when the optional peer is not installed.
    const missing = '@wallet-standard/app-not-installed'
    const error = await loadWalletStandard(() => import(/* @vite-ignore */ missing)).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(MissingPeerDependencyError)
    expect((error as MissingPeerDependencyError).shortMessage).toBe(
      'Package "@wallet-standard/app" is not installed.',
    )
  })
})
