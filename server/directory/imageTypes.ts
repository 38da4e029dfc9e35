/** File extensions served as images, in lookup order, with their content type. */
export const imageContentTypes: ReadonlyArray<readonly [extension: string, contentType: string]> = [
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
]

/** Largest image file served, in bytes (1 MiB). */
export const maxImageBytes = 1024 * 1024
