import { describe, expect, test } from 'vitest'
import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { isModuleNotFound } from '../../src/utils/isModuleNotFound'
import { loadUniversalProvider, type UniversalProviderModule } from './loadUniversalProvider'

describe('loadUniversalProvider', () => {
  test('default: the installed SDK', async () => {
    const UniversalProvider = await loadUniversalProvider()
    expect(typeof UniversalProvider.init).toBe('function')
  })

  test('behavior: a missing package is a MissingPeerDependencyError naming it', async () => {
    // A real failed import, as when the optional peer is not installed.
    const name = '@walletconnect/universal-provider'
    const missing = `${name}-not-installed`
    const error = await loadUniversalProvider(
      () => import(/* @vite-ignore */ missing) as Promise<UniversalProviderModule>,
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MissingPeerDependencyError)
    expect((error as MissingPeerDependencyError).packageName).toBe(name)
    expect((error as MissingPeerDependencyError).shortMessage).toBe(
      'Package "@walletconnect/universal-provider" is not installed.',
    )
  })

  test('behavior: other failures pass through', async () => {
    const failure = new TypeError('boom')
    await expect(loadUniversalProvider(() => Promise.reject(failure))).rejects.toBe(failure)
  })
})

describe('isModuleNotFound', () => {
  test('default', () => {
    const node = Object.assign(new Error("Cannot find package '@x/y' imported from /a"), {
      code: 'ERR_MODULE_NOT_FOUND',
    })
    expect(isModuleNotFound(node, '@x/y')).toBe(true)
    expect(isModuleNotFound(node, '@x/z')).toBe(false)
    expect(isModuleNotFound(new Error('Failed to resolve import "@x/y"'), '@x/y')).toBe(true)
    expect(isModuleNotFound('Cannot find module @x/y', '@x/y')).toBe(false)
  })
})
