const pattern = /^[A-Za-z0-9_-]*$/

/** Bytes as unpadded base64url (RFC 4648 §5). */
export function toBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Unpadded base64url to bytes; undefined for any other text. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!pattern.test(text) || text.length % 4 === 1) return undefined
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
