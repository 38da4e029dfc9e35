/** The image folders of the directory API: `/getWalletImage/:id` reads `wallets/`, and so on. */
export const imageKinds = ['wallets', 'assets', 'currencies', 'tokens'] as const

/** Which kind of image a route serves. */
export type ImageKind = (typeof imageKinds)[number]

/** An image ready to send. */
export interface DirectoryImage {
  body: Uint8Array
  contentType: string
  /** A strong validator of the bytes, quoted. */
  etag: string
}

/** Where the directory's images come from (a folder, or the sample's built-in pictures). */
export interface ImageSource {
  /** The image of a checked id (see `directoryIdRegex`), or undefined when there is none. */
  read(kind: ImageKind, id: string): Promise<DirectoryImage | undefined>
}
