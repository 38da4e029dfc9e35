import { z } from 'zod'

/** The parts of ERC-721 metadata JSON the wallet shows. */
export interface NftMetadata {
  name: string | null
  description: string | null
  /** https, `data:image/…`, or an allowed origin's URL; anything else is dropped. */
  image: string | null
}

const text = (max: number) =>
  z
    .unknown()
    .transform((value) => (typeof value === 'string' && value.length <= max ? value : null))

const documentSchema = z.looseObject({
  name: text(200).optional(),
  description: text(2_000).optional(),
  image: text(8_192).optional(),
})

/** Whether an image URL may be shown: https, a data: image, or one of `allowedOrigins`. */
export function isSafeImageUrl(value: string, allowedOrigins: readonly string[]): boolean {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml|avif)[;,]/i.test(value)) return true
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return url.protocol === 'https:' || allowedOrigins.includes(url.origin)
}

/** Metadata JSON text as {@link NftMetadata}; undefined when it is not a JSON object. */
export function parseNftMetadata(
  json: string,
  allowedOrigins: readonly string[],
): NftMetadata | undefined {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  const parsed = documentSchema.safeParse(value)
  if (!parsed.success) return undefined
  const { name, description, image } = parsed.data
  return {
    name: name ?? null,
    description: description ?? null,
    image: image && isSafeImageUrl(image, allowedOrigins) ? image : null,
  }
}

/** The JSON text of a `data:application/json` URI (base64 or percent-encoded), else undefined. */
export function readDataJson(uri: string, maxBytes: number): string | undefined {
  const match = /^data:application\/json(;charset=utf-8)?(;base64)?,(.*)$/is.exec(uri)
  if (!match) return undefined
  const body = match[3] ?? ''
  if (body.length > maxBytes * 2) return undefined
  try {
    const text = match[2] ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
    return Buffer.byteLength(text) > maxBytes ? undefined : text
  } catch {
    return undefined
  }
}
