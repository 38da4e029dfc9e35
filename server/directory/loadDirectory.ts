import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import type { Logger } from '../logger'
import { createFolderImageSource } from './createFolderImageSource'
import { createSampleImageSource } from './createSampleImageSource'
import type { DirectoryOptions } from './directoryOptions'
import type { ImageSource } from './imageSource'
import { type DirectoryRegistry, parseRegistry } from './parseRegistry'
import { sampleRegistry } from './sample/sampleRegistry'

/** What the directory routes serve: the checked registry and where images come from. */
export interface Directory {
  registry: DirectoryRegistry
  images: ImageSource
}

function readRegistryFile(path: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new OptionsValidationError({
      option: 'directory.registry',
      reason: `Cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    })
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new OptionsValidationError({
      option: 'directory.registry',
      reason: `${path} is not valid JSON.`,
    })
  }
}

/**
 * Reads and checks the registry once, at start: an entry that fails its checks is dropped and
 * logged with its reason, the rest are served. Without `registry`, the built-in sample.
 * @throws {OptionsValidationError} when the file cannot be read, is not JSON, or is not
 * `{ wallets: [...] }`.
 */
export function loadDirectory(options: DirectoryOptions, logger: Logger): Directory {
  const path = options.registry === undefined ? undefined : resolve(options.registry)
  const registry = parseRegistry(path === undefined ? sampleRegistry : readRegistryFile(path))
  for (const { index, id, reason } of registry.dropped)
    logger.warn(
      `latchkey directory: wallet #${index}${id === undefined ? '' : ` (${JSON.stringify(id)})`} dropped: ${reason}`,
    )
  if (path === undefined)
    logger.info(
      'latchkey directory: serving the sample registry (made-up wallets); set directory.registry to serve your own.',
    )
  const imagesFolder =
    options.images ?? (path === undefined ? undefined : join(dirname(path), 'images'))
  const images =
    imagesFolder === undefined
      ? createSampleImageSource()
      : createFolderImageSource(resolve(imagesFolder), logger)
  return { registry, images }
}
