import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { emailSchema } from './email'
import { isEmail } from './isEmail'

// Characters around the rule's edges, so that generated strings are often nearly an address.
const near = fc
  .array(fc.constantFrom('a', 'Z', '0', '_', "'", '+', '-', '.', '@', 'é', ' ', '\n', 'co'), {
    maxLength: 14,
  })
  .map((parts) => parts.join(''))

const local = fc
  .array(fc.constantFrom('a', 'B', '0', '_', "'", '+', '-', '.', '..', 'é', ' '), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(''))
const domain = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b-c', '-b', 'b-', '0', 'x_y', '', 'é'), { maxLength: 3 }),
    fc.constantFrom('co', 'c', 'c0', 'com', '', 'CO'),
  )
  .map(([labels, top]) => [...labels, top].join('.'))
/** Nearly addresses: each part right or just wrong. */
const address = fc.tuple(local, domain).map(([name, host]) => `${name}@${host}`)

describe('isEmail', () => {
  test('default: an address passes, other strings and values do not', () => {
    expect(isEmail('ada@example.com')).toBe(true)
    expect(isEmail("o'brien+tag@mail.example.co")).toBe(true)
    for (const value of ['not-an-email', 'a@b', 'a..b@c.co', "a'@b.co", '.a@b.co', 'a@-b.co', 3])
      expect(isEmail(value)).toBe(false)
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false)
  })

  test('behavior: accepts exactly what emailSchema (zod) accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string(), near, address), (email) => {
        expect(isEmail(email)).toBe(emailSchema.safeParse(email).success)
      }),
      { numRuns: 5_000 },
    )
  })
})
