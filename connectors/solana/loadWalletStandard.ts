import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'
import { isModuleNotFound } from '../../src/utils/isModuleNotFound'
import type { StandardWalletsApi } from './walletStandardTypes'

/** The optional peer Solana wallet discovery runs on. */
export const walletStandardPackage = '@wallet-standard/app'

/**
 * Loads `@wallet-standard/app` on first need (never at import time) and returns its registry;
 * when it is not installed, throws a `MissingPeerDependencyError` naming it.
 */
export async function loadWalletStandard(
  importer: () => Promise<{ getWallets(): unknown }> = () => import('@wallet-standard/app'),
): Promise<StandardWalletsApi> {
  try {
    const { getWallets } = await importer()
    return getWallets() as StandardWalletsApi
  } catch (error) {
    if (isModuleNotFound(error, walletStandardPackage))
      throw new MissingPeerDependencyError({ packageName: walletStandardPackage, cause: error })
    throw error
  }
}
