import { describe, expect, test } from 'vitest'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { createSiwxMessage } from './createSiwxMessage'
import { validateSiwxMessage } from './validateSiwxMessage'

const fields = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  domain: 'a.com',
  uri: 'a:',
  version: '1',
  nonce: 'aaaaaaaa',
  issuedAt: '1971-01-01T00:00:00.000Z',
} as const

describe('URIs in a sign-in message', () => {
  // found by the create → parse round trip (seed 606023005): RFC 3986 allows `a:////` (an empty
  // authority, then the path "//"), viem's writer refuses it; the check now refuses it first
  test('error: an empty authority followed by "//" is refused by the check, as viem refuses to write it', () => {
    for (const [field, value] of [
      ['resources', ['a:////']],
      ['uri', 'a:////x'],
    ] as const) {
      const message = { ...fields, [field]: value }
      expect(() => validateSiwxMessage(message)).toThrow(InvalidSiwxMessageError)
      expect(() => validateSiwxMessage(message)).toThrow(expect.objectContaining({ field }))
    }
  })

  test('default: the forms around it are still accepted and written', () => {
    for (const resource of ['a://', 'a://h//', 'a://://', 'a:/x//y', 'https://example.com//double'])
      expect(createSiwxMessage({ ...fields, resources: [resource] })).toContain(`- ${resource}`)
  })
})
