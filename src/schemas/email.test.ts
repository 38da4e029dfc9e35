import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { embeddedStorageSchemas } from '../embeddedWallet/embeddedStorageSchemas'
import { emailSchema } from './email'
import { frameRequestSchemas } from './frameRequests'

const id = '7f3c2a8e-2f4b-4c3d-9a1e-0b5c6d7e8f90'
const frameAccepts = (email: string) =>
  frameRequestSchemas.CONNECT_EMAIL.safeParse({ id, type: 'CONNECT_EMAIL', payload: { email } })
    .success

describe('emailSchema', () => {
  test('default: an address passes; its clear message otherwise', () => {
    expect(emailSchema.safeParse('ada@example.com').success).toBe(true)
    const result = emailSchema.safeParse('not-an-email')
    expect(result.error?.issues[0]?.message).toBe('Email must be a valid email address.')
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false)
  })

  test('property: the frame request and the stored email take exactly what the schema takes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        const accepted = emailSchema.safeParse(email).success
        return (
          frameAccepts(email) === accepted &&
          embeddedStorageSchemas['latchkey.embedded.email'].safeParse(email).success === accepted
        )
      }),
    )
  })
})
