import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { isModuleNotFound } from '../../src/utils/isModuleNotFound'

/** The optional peer WalletConnect runs on. */
export const universalProviderPackage = '@walletconnect/universal-provider'

/** The module `@walletconnect/universal-provider` exports. */
export type UniversalProviderModule = typeof import('@walletconnect/universal-provider')

/**
 * Loads `@walletconnect/universal-provider` on demand (never at import time); when it is not
 * installed, throws a `MissingPeerDependencyError` naming it.
 */
export async function loadUniversalProvider(
  importer: () => Promise<UniversalProviderModule> = () =>
    import('@walletconnect/universal-provider'),
): Promise<UniversalProviderModule['UniversalProvider']> {
  try {
    const module = await importer()
    return module.UniversalProvider
  } catch (error) {
    if (isModuleNotFound(error, universalProviderPackage))
      throw new MissingPeerDependencyError({ packageName: universalProviderPackage, cause: error })
    throw error
  }
}
