// Test-only Node resolve hook (loaded with `--import`): the packages named in
// LATCHKEY_TEST_HIDDEN_PACKAGES resolve exactly as an absent package does in Node
// (ERR_MODULE_NOT_FOUND, "Cannot find package '<name>'"). Production code knows nothing of it.
import { register } from 'node:module'

const hook = `
const hidden = new Set((process.env.LATCHKEY_TEST_HIDDEN_PACKAGES ?? '').split(',').filter(Boolean))
export async function resolve(specifier, context, next) {
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  if (hidden.has(name)) {
    const error = new Error("Cannot find package '" + name + "' imported from " + context.parentURL)
    error.code = 'ERR_MODULE_NOT_FOUND'
    throw error
  }
  return next(specifier, context)
}
`
register(`data:text/javascript,${encodeURIComponent(hook)}`)
