const pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Bytes as standard, padded base64 (RFC 4648 §4), as Solana's RPC carries transactions. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Standard padded base64 to bytes; undefined for anything else, including a non-canonical
 * spelling (unused low bits set), so one byte string has exactly one accepted text.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (!pattern.test(text)) return undefined
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return encodeBase64(bytes) === text ? bytes : undefined
}
