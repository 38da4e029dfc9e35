/** Whether an import failure means "this package is not installed" (Node, Vite, webpack). */
export function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
    return error.message.includes(packageName)
  return (
    error.message.includes(packageName) &&
    /cannot find (module|package)|failed to resolve|could not resolve/i.test(error.message)
  )
}
