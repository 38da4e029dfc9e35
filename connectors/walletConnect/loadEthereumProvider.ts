import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'

/** The optional peer WalletConnect runs on. */
export const ethereumProviderPackage = '@walletconnect/ethereum-provider'

/** The module `@walletconnect/ethereum-provider` exports. */
export type EthereumProviderModule = typeof import('@walletconnect/ethereum-provider')

/** Whether an import failure means "this package is not installed" (Node, Vite, webpack). */
export function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
    return error.message.includes(packageName)
  return (
    error.message.includes(packageName) &&
    /cannot find (module|package)|failed to resolve|could not resolve/i.test(error.message)
  )
}

/**
 * Loads `@walletconnect/ethereum-provider` on demand (never at import time); when it is not
 * installed, throws a `MissingPeerDependencyError` naming it.
 */
export async function loadEthereumProvider(
  importer: () => Promise<EthereumProviderModule> = () =>
    import('@walletconnect/ethereum-provider'),
): Promise<EthereumProviderModule['EthereumProvider']> {
  try {
    const module = await importer()
    return module.EthereumProvider
  } catch (error) {
    if (isModuleNotFound(error, ethereumProviderPackage))
      throw new MissingPeerDependencyError({ packageName: ethereumProviderPackage, cause: error })
    throw error
  }
}
