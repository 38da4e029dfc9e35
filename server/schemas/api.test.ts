import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { emailSchema as sharedEmailSchema } from '../../src/schemas/email'
import { emailSchema } from './api'

describe('emailSchema (server)', () => {
  test('default: trims and lower-cases; refuses with the shared message', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com')
    expect(emailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe(
      'Email must be a valid email address.',
    )
  })

  test('property: the server takes exactly what the modal and the frame take (once trimmed)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        const server = emailSchema.safeParse(email)
        return server.success === sharedEmailSchema.safeParse(email.trim()).success
      }),
    )
  })
})
