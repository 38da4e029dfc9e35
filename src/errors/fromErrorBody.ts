/**
 * The serialised error inside an HTTP error answer, `{ error: { name, message, code?, …details } }`
 * (server/API.md: over HTTP the details sit beside name and message), as `{ name, message, code,
 * details }` for `deserializeError`; details that are not a string, number or boolean are left
 * out. Undefined when the body has no error object (a proxy's page).
 */
export function fromErrorBody(body: unknown): Record<string, unknown> | undefined {
  const error = (body as { error?: unknown } | null | undefined)?.error
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined
  const { name, message, code, ...rest } = error as Record<string, unknown>
  const details = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .slice(0, 16),
  )
  return { name, message, code, ...(Object.keys(details).length > 0 ? { details } : {}) }
}
