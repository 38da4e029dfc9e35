/**
 * An http(s) URL the playground takes at run time: `?<param>=<url>` (the e2e), else the one
 * `npm run dev` hands Vite in `env` (`VITE_…`); anything else reads as none.
 */
export function readUrlSetting(search: string, param: string, env: string): string | undefined {
  // Vite replaces `import.meta.env` at build time (the root tsconfig has no vite/client types).
  const variables = (import.meta as { env?: Record<string, string | undefined> }).env
  const value = new URLSearchParams(search).get(param) || variables?.[env]
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}
