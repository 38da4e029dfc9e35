import { MissingPeerDependencyError } from '../../src/errors/MissingPeerDependencyError'

/** The optional peer WalletConnect runs on. */
export const universalProviderPackage = '@walletconnect/universal-provider'

/** The module `@walletconnect/universal-provider` exports. */
export type UniversalProviderModule = typeof import('@walletconnect/universal-provider')

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
