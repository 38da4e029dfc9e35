// Dot-separated atoms of letters, digits and _ ' + - (the last character not '), then '@', then
// dot-separated host labels and a top-level domain of two letters or more.
const atom = /^[\w'+-]+$/
const label = /^[a-z\d][a-z\d-]*$/i
const topLevel = /^[a-z]{2,}$/i

/**
 * Whether `value` is an email address `emailSchema` accepts, without zod: the modal's email
 * field checks with it on first open. `isEmail.test.ts` holds it to `emailSchema` (the rule the
 * frame and the server apply) with fast-check.
 * @example isEmail('ada@example.com') // true
 */
export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false
  const [local, domain, ...rest] = value.split('@')
  if (local === undefined || domain === undefined || rest.length > 0) return false
  if (local.endsWith("'") || !local.split('.').every((part) => atom.test(part))) return false
  const labels = domain.split('.')
  const last = labels.pop() as string
  return labels.length > 0 && labels.every((part) => label.test(part)) && topLevel.test(last)
}
