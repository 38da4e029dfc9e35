import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidDeviceProofError } from '../errors/InvalidDeviceProofError'
import { fromBase64url, toBase64url } from './base64url'
import { bodyHash } from './bodyHash'
import { createDeviceProof } from './createDeviceProof'
import type { DeviceJwk } from './deviceProofSchemas'
import { jwkThumbprint } from './jwkThumbprint'
import { readDeviceProof } from './readDeviceProof'
import { verifyDeviceProofSignature } from './verifyDeviceProofSignature'

async function newKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const { x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const jwk: DeviceJwk = { kty: 'EC', crv: 'P-256', x: String(x), y: String(y) }
  return { privateKey: pair.privateKey, jwk }
}

const decode = (part: string | undefined) =>
  JSON.parse(new TextDecoder().decode(fromBase64url(String(part))))

describe('device proof', () => {
  test('default: the exact header and claims, signed ES256 over `<header>.<claims>`', async () => {
    const key = await newKey()
    const body = '{"chainId":1}'
    const proof = await createDeviceProof({
      ...key,
      method: 'post',
      path: '/v1/rpc?x=1',
      body,
      nonce: 'n0nce',
      iat: 1_900_000_000,
      jti: 'jti-0123456789abcdef',
    })
    const [header, claims] = proof.split('.')
    expect(decode(header)).toEqual({ typ: 'latchkey-proof+jwt', alg: 'ES256', jwk: key.jwk })
    expect(decode(claims)).toEqual({
      htm: 'POST',
      htu: '/v1/rpc?x=1',
      bh: await bodyHash(body),
      iat: 1_900_000_000,
      nonce: 'n0nce',
      jti: 'jti-0123456789abcdef',
    })
    const read = readDeviceProof(proof)
    expect(read.jwk).toEqual(key.jwk)
    expect(await verifyDeviceProofSignature(read)).toBe(true)
  })

  test('behavior: the empty body hashes as SHA-256 of zero bytes', async () => {
    expect(await bodyHash(undefined)).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU')
    expect(await bodyHash('')).toBe(await bodyHash(undefined))
  })

  test('behavior: the thumbprint is RFC 7638 (sorted required members, SHA-256, base64url)', async () => {
    const { jwk } = await newKey()
    const canonical = `{"crv":"P-256","kty":"EC","x":"${jwk.x}","y":"${jwk.y}"}`
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
    expect(await jwkThumbprint(jwk)).toBe(toBase64url(new Uint8Array(digest)))
  })

  test('error: a changed claim or another key fails the signature', async () => {
    const key = await newKey()
    const other = await newKey()
    const proof = await createDeviceProof({ ...key, method: 'GET', path: '/v1/user', iat: 1 })
    const [header, claims, signature] = proof.split('.')
    const changed = { ...decode(claims), htu: '/v1/rpc' }
    const tampered = `${header}.${toBase64url(new TextEncoder().encode(JSON.stringify(changed)))}.${signature}`
    expect(await verifyDeviceProofSignature(readDeviceProof(tampered))).toBe(false)
    const swapped = `${toBase64url(
      new TextEncoder().encode(JSON.stringify({ ...decode(header), jwk: other.jwk })),
    )}.${claims}.${signature}`
    expect(await verifyDeviceProofSignature(readDeviceProof(swapped))).toBe(false)
  })

  test('error: malformed proofs are InvalidDeviceProofError with a reason', () => {
    expect(() => readDeviceProof(undefined)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidDeviceProofError: Invalid device proof

      Details: The request carries no device proof.
      Version: latchkey@0.1.0]
    `)
    for (const value of ['a', 'a.b', 'a.b.c.d', 'e30.e30.e30', 'x'.repeat(5000)])
      expect(() => readDeviceProof(value)).toThrow(InvalidDeviceProofError)
  })

  test('property: readDeviceProof throws only InvalidDeviceProofError', () => {
    const part = fc.oneof(
      fc.base64String().map((text) => text.replace(/=/g, '')),
      fc.json().map((json) => toBase64url(new TextEncoder().encode(json))),
      fc.string(),
    )
    fc.assert(
      fc.property(fc.array(part, { minLength: 0, maxLength: 4 }), (parts) => {
        try {
          readDeviceProof(parts.join('.'))
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidDeviceProofError)
        }
      }),
      { numRuns: 2_000 },
    )
  })
})
