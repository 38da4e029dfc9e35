import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

// A software passkey for server tests: it makes the bytes a WebAuthn authenticator and browser
// make (attestation "none", ES256 assertions), so the server's real verification runs on them.

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor }
interface CborMap extends Map<number | string, Cbor> {}

function head(major: number, value: number): number[] {
  if (value < 24) return [(major << 5) | value]
  if (value < 0x100) return [(major << 5) | 24, value]
  if (value < 0x10000) return [(major << 5) | 25, value >> 8, value & 0xff]
  return [
    (major << 5) | 26,
    (value >>> 24) & 0xff,
    (value >> 16) & 0xff,
    (value >> 8) & 0xff,
    value & 0xff,
  ]
}

/** Canonical-enough CBOR for the few shapes WebAuthn needs (ints, text, bytes, maps). */
function cbor(value: Cbor): number[] {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = [...new TextEncoder().encode(value)]
    return [...head(3, bytes.length), ...bytes]
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value]
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return [...head(5, entries.length), ...entries.flatMap(([k, v]) => [...cbor(k), ...cbor(v)])]
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

/** What a test passkey signs with; `counter: false` keeps none (always 0, as many passkeys do). */
export interface SoftPasskey {
  credentialId: string
  privateKey: KeyObject
  rpId: string
  origin: string
  counter: number
  keepsCounter: boolean
}

/** A new passkey for `rpId` used from `origin`. */
export function createSoftPasskey(
  rpId: string,
  origin: string,
  options: { keepsCounter?: boolean } = {},
): SoftPasskey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return {
    credentialId: b64url(randomBytes(32)),
    privateKey,
    rpId,
    origin,
    counter: 0,
    keepsCounter: options.keepsCounter ?? true,
  }
}

const clientData = (type: string, challenge: string, origin: string, topOrigin?: string) =>
  Buffer.from(
    JSON.stringify(
      topOrigin
        ? { type, challenge, origin, crossOrigin: true, topOrigin }
        : { type, challenge, origin, crossOrigin: false },
    ),
  )

/** The `RegistrationResponseJSON` of `passkey` answering `challenge` (attestation "none"). */
export function attest(passkey: SoftPasskey, challenge: string, prf = true) {
  const jwk = passkey.privateKey.export({ format: 'jwk' })
  const coseKey = new Map<number, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ])
  const id = Buffer.from(passkey.credentialId, 'base64url')
  const authData = Buffer.concat([
    sha256(passkey.rpId),
    Buffer.from([0x45]), // UP, UV, AT
    Buffer.from([0, 0, 0, 0]),
    Buffer.alloc(16),
    Buffer.from([id.length >> 8, id.length & 0xff]),
    id,
    Buffer.from(cbor(coseKey)),
  ])
  const attestationObject = Buffer.from(
    cbor({ fmt: 'none', attStmt: {}, authData: new Uint8Array(authData) }),
  )
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    clientExtensionResults: prf ? { prf: { enabled: true } } : {},
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, passkey.origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  }
}

/** The `AuthenticationResponseJSON` of `passkey` answering `challenge`; the counter goes up first. */
export function assert(
  passkey: SoftPasskey,
  challenge: string,
  overrides: { origin?: string; rpId?: string; counter?: number; topOrigin?: string } = {},
) {
  if (passkey.keepsCounter) passkey.counter++
  const counter = overrides.counter ?? (passkey.keepsCounter ? passkey.counter : 0)
  const authData = Buffer.concat([
    sha256(overrides.rpId ?? passkey.rpId),
    Buffer.from([0x05]), // UP, UV
    Buffer.from([
      (counter >>> 24) & 0xff,
      (counter >> 16) & 0xff,
      (counter >> 8) & 0xff,
      counter & 0xff,
    ]),
  ])
  const clientDataJSON = clientData(
    'webauthn.get',
    challenge,
    overrides.origin ?? passkey.origin,
    overrides.topOrigin,
  )
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
    key: passkey.privateKey,
    dsaEncoding: 'der',
  })
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
  }
}
