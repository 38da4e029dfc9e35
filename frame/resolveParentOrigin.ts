/** The parent's origin and every ancestor origin, as the browser reports them. */
export type ParentOrigins = { parent: string; ancestors: readonly string[] }

function referrerOrigin(): string | undefined {
  if (!document.referrer) return undefined
  try {
    return new URL(document.referrer).origin
  } catch {
    return undefined
  }
}

/**
 * The origin of the page that embeds the frame: `location.ancestorOrigins[0]` (Chromium, Safari;
 * set by the browser, the parent cannot change it) and the referrer's origin must agree where
 * both exist. Undefined when the page is not framed or the parent cannot be told.
 */
export function resolveParentOrigins(): ParentOrigins | undefined {
  if (window.parent === window) return undefined
  const list = location.ancestorOrigins
  const ancestors = list ? Array.from(list) : []
  const fromAncestors = ancestors[0]
  const fromReferrer = referrerOrigin()
  if (fromAncestors !== undefined && fromReferrer !== undefined && fromAncestors !== fromReferrer)
    return undefined
  const parent = fromAncestors ?? fromReferrer
  if (!parent || parent === 'null') return undefined
  return { parent, ancestors: ancestors.length > 0 ? ancestors : [parent] }
}
