import { createHash } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { Logger } from '../logger'
import type { DirectoryImage, ImageKind, ImageSource } from './imageSource'
import { imageContentTypes, maxImageBytes } from './imageTypes'

/** The strong validator of some bytes: a quoted SHA-256 prefix. */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/**
 * Images from a folder: `<root>/<kind>/<id>.<svg|png|webp|jpg|jpeg|gif>`, the first that exists;
 * the content type comes from the extension. A file whose real path (symlinks followed) leaves
 * the root, or that is larger than 1 MiB, is not served.
 */
export function createFolderImageSource(root: string, logger: Logger): ImageSource {
  let realRoot: string | undefined
  let warned = false
  // Looked up until it exists: a folder made after start is served from then on.
  const rootNow = async () => {
    try {
      realRoot ??= await realpath(root)
    } catch {
      if (!warned)
        logger.warn(
          `latchkey directory: the images folder ${root} cannot be read; no images are served.`,
        )
      warned = true
    }
    return realRoot
  }
  return {
    async read(kind: ImageKind, id: string): Promise<DirectoryImage | undefined> {
      const base = await rootNow()
      if (base === undefined) return undefined
      for (const [extension, contentType] of imageContentTypes) {
        const file = join(base, kind, `${id}.${extension}`)
        let real: string
        try {
          real = await realpath(file)
        } catch {
          continue
        }
        if (!real.startsWith(base + sep)) {
          logger.warn(`latchkey directory: ${file} leads outside the images folder; not served.`)
          return undefined
        }
        const info = await stat(real)
        if (!info.isFile()) continue
        if (info.size > maxImageBytes) {
          logger.warn(`latchkey directory: ${file} is larger than 1 MiB; not served.`)
          return undefined
        }
        const body = new Uint8Array(await readFile(real))
        return { body, contentType, etag: etagOf(body) }
      }
      return undefined
    },
  }
}
