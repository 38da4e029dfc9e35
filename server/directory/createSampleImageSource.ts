import { etagOf } from './createFolderImageSource'
import type { DirectoryImage, ImageSource } from './imageSource'
import { sampleImages } from './sample/sampleImages'

/** The sample registry's built-in images (SVG). */
export function createSampleImageSource(): ImageSource {
  const cache = new Map<string, DirectoryImage>()
  return {
    async read(kind, id) {
      const svg = Object.hasOwn(sampleImages[kind], id) ? sampleImages[kind][id] : undefined
      if (svg === undefined) return undefined
      const key = `${kind}/${id}`
      let image = cache.get(key)
      if (!image) {
        const body = new TextEncoder().encode(svg)
        image = { body, contentType: 'image/svg+xml', etag: etagOf(body) }
        cache.set(key, image)
      }
      return image
    },
  }
}
