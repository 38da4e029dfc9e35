/**
 * Email login in the playground. The frame URL comes at run time: `?frame=<url>` (the e2e), else
 * the one `npm run dev` hands Vite in `VITE_LATCHKEY_FRAME_URL` (its own Latchkey server). With a
 * frame URL the email field shows, unless `?email=0`: the integration itself turns email off.
 */
export function readFrameUrl(search: string): string | undefined {
  const param = new URLSearchParams(search).get('frame')
  // Vite replaces `import.meta.env` at build time (the root tsconfig has no vite/client types).
  const env = (import.meta as { env?: Record<string, string | undefined> }).env
  const value = param || env?.VITE_LATCHKEY_FRAME_URL
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** Whether the Connect view shows the email field (a frame URL, and no `?email=0`). */
export function readEmailEnabled(search: string): boolean {
  return readFrameUrl(search) !== undefined && new URLSearchParams(search).get('email') !== '0'
}
