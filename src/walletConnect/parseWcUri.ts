import { InvalidWcUriError } from '../errors/InvalidWcUriError'

/** A parsed WalletConnect v2 pairing URI. */
export interface WcUri {
  /** Pairing topic, 64 lowercase hex characters. */
  topic: string
  version: 2
  /** Symmetric key of the pairing, 64 lowercase hex characters (a secret: never log it). */
  symKey: string
  /** Relay protocol, `irn` in practice. */
  relayProtocol: string
  /** Optional `relay-data` parameter. */
  relayData?: string
  /** When the pairing expires, in seconds since the epoch, when the URI says. */
  expiryTimestamp?: number
  /** Optional `methods` parameter, as given. */
  methods?: string
}

/** Longest URI accepted, in characters; real ones are about 200. */
export const maxWcUriLength = 2048

const hex64 = /^[0-9a-f]{64}$/i
const shape = /^wc:([^@?]*)@([^?]*)\?(.*)$/

/**
 * Parses a WalletConnect v2 pairing URI (`wc:{topic}@2?relay-protocol=irn&symKey={key}…`).
 * @throws {InvalidWcUriError} with a reason naming the faulty part.
 * @see https://specs.walletconnect.com/2.0/specs/clients/core/pairing/pairing-uri
 */
export function parseWcUri(uri: unknown): WcUri {
  if (typeof uri !== 'string') throw new InvalidWcUriError({ reason: 'not-a-string' })
  if (uri.length > maxWcUriLength) throw new InvalidWcUriError({ reason: 'too-long' })
  if (!/^wc:/i.test(uri)) throw new InvalidWcUriError({ reason: 'scheme' })
  const match = shape.exec(`wc:${uri.slice(3)}`)
  const [, topic = '', version = '', query = ''] = match ?? []
  if (!hex64.test(topic)) throw new InvalidWcUriError({ reason: 'topic' })
  if (version !== '2') throw new InvalidWcUriError({ reason: 'version' })
  const params = new URLSearchParams(query)
  const symKey = params.get('symKey') ?? ''
  if (!hex64.test(symKey)) throw new InvalidWcUriError({ reason: 'symKey' })
  const relayProtocol = params.get('relay-protocol') ?? ''
  if (!/^[\w-]{1,64}$/.test(relayProtocol)) throw new InvalidWcUriError({ reason: 'relayProtocol' })
  const parsed: WcUri = {
    topic: topic.toLowerCase(),
    version: 2,
    symKey: symKey.toLowerCase(),
    relayProtocol,
  }
  const expiry = params.get('expiryTimestamp')
  if (expiry !== null) {
    if (!/^\d{1,12}$/.test(expiry) || Number(expiry) === 0)
      throw new InvalidWcUriError({ reason: 'expiryTimestamp' })
    parsed.expiryTimestamp = Number(expiry)
  }
  const relayData = params.get('relay-data')
  if (relayData !== null) parsed.relayData = relayData
  const methods = params.get('methods')
  if (methods !== null) parsed.methods = methods
  return parsed
}

/** Whether a value is a valid WalletConnect v2 pairing URI. */
export function isWcUri(uri: unknown): uri is string {
  try {
    parseWcUri(uri)
    return true
  } catch {
    return false
  }
}
