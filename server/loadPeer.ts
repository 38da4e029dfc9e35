import { MissingPeerDependencyError } from '../src/errors/MissingPeerDependencyError'

function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
  return notFound && typeof message === 'string' && message.includes(packageName)
}

/**
 * Loads an optional peer dependency; a missing package throws a `MissingPeerDependencyError`
 * naming it (DESIGN.md: server dependencies are optional peers).
 */
export async function loadPeer<T>(packageName: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (isModuleNotFound(error, packageName))
      throw new MissingPeerDependencyError({ packageName, cause: error })
    throw error
  }
}
