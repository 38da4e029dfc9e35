import { getAddress } from 'viem'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import type { ChainNamespace } from '../networks'
import { isSolanaAddress } from '../solana/solanaAddress'
import { parseCaipNetworkId } from '../utils/caip'
import { parseRfc3986Authority, parseRfc3986Uri } from './rfc3986'
import { siwxFieldLimits } from './siwxFieldLimits'
import {
  dnsNamePattern,
  lineBreakPattern,
  noncePattern,
  parseDateTime,
  requestIdPattern,
  schemePattern,
  statementPattern,
} from './siwxGrammar'
import type { SiwxMessage } from './types'

/** Parameters of {@link validateSiwxMessage}. */
export type ValidateSiwxMessageParameters = {
  /**
   * Whether an eip155 address must already carry its EIP-55 checksum (parsing) rather than be
   * checksummed for the caller (creating).
   * @default false
   */
  strictAddress?: boolean | undefined
}

const caipAddressPattern = /^[-.%a-zA-Z0-9]{1,128}$/
const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * An RFC 3986 `authority` without userinfo (EIP-4361 `domain`): an IP literal, an IPv4 address or
 * a DNS name, and a port, if any, in 1..65535 without leading zeros.
 */
function isDomain(domain: string): boolean {
  const authority = parseRfc3986Authority(domain)
  if (!authority || authority.userinfo !== undefined) return false
  if (authority.hostType === 'regName' && !dnsNamePattern.test(authority.host)) return false
  const { port } = authority
  return port === undefined || (/^[1-9]\d{0,4}$/.test(port) && Number(port) <= 65_535)
}

function fail(field: string, reason: InvalidSiwxMessageError['reason'], details?: string): never {
  throw new InvalidSiwxMessageError({ field, reason, details })
}

/** Line breaks first (injection), then length, then grammar: the order errors are reported in. */
/**
 * An RFC 3986 URI, less one degenerate form: an empty authority followed by a path that starts
 * with "//" (`a:////`). RFC 3986 allows it, but viem's SIWE writer and verifier (and the
 * `valid-url` check most SIWE libraries share) refuse it, so a message holding one could be
 * verified here and never written, or written by us and refused by a wallet's library.
 */
function isMessageUri(text: string): boolean {
  const uri = parseRfc3986Uri(text)
  if (!uri) return false
  const { authority } = uri
  const emptyAuthority =
    authority !== undefined &&
    authority.userinfo === undefined &&
    authority.host === '' &&
    authority.port === undefined
  return !(emptyAuthority && uri.path.startsWith('//'))
}

function checkLine(
  field: string,
  value: unknown,
  max: number,
  required: boolean,
): string | undefined {
  if (value === undefined || value === null) {
    if (required) fail(field, 'missing')
    return undefined
  }
  if (typeof value !== 'string') return fail(field, 'invalid', 'Expected a string.')
  if (required && value === '') fail(field, 'missing')
  if (lineBreakPattern.test(value)) fail(field, 'lineBreak')
  if (value.length > max) fail(field, 'tooLong', `At most ${max} characters.`)
  return value
}

function checkTime(field: string, value: unknown, required: boolean) {
  const time = checkLine(field, value, siwxFieldLimits.time, required)
  if (time !== undefined && parseDateTime(time) === undefined)
    fail(field, 'invalid', 'Expected an RFC 3339 date-time, e.g. 2025-01-31T12:00:00.000Z.')
}

function checkAddress(namespace: ChainNamespace, address: string, strict: boolean): string {
  if (namespace === 'eip155') {
    if (!evmAddressPattern.test(address)) fail('accountAddress', 'invalid')
    const checksummed = getAddress(address)
    if (strict && checksummed !== address)
      fail('accountAddress', 'invalid', 'Expected an EIP-55 checksummed address.')
    return checksummed
  }
  if (namespace === 'solana' ? !isSolanaAddress(address) : !caipAddressPattern.test(address))
    fail('accountAddress', 'invalid')
  return address
}

/**
 * Checks every field of a sign-in message and returns it with the eip155 address checksummed;
 * throws `InvalidSiwxMessageError` naming the field (line break, length, grammar).
 * @see https://eips.ethereum.org/EIPS/eip-4361
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function validateSiwxMessage(
  message: SiwxMessage,
  parameters: ValidateSiwxMessageParameters = {},
): SiwxMessage {
  if (typeof message !== 'object' || message === null) fail('message', 'invalid')
  const limits = siwxFieldLimits
  const chainId = checkLine('chainId', message.chainId, limits.chainId, true) as string
  let namespace: ChainNamespace
  let reference: string
  try {
    ;({ namespace, reference } = parseCaipNetworkId(chainId))
  } catch (error) {
    return fail('chainId', 'invalid', error instanceof Error ? error.message : undefined)
  }
  if (
    namespace === 'eip155' &&
    !(/^[1-9][0-9]{0,15}$/.test(reference) && Number.isSafeInteger(Number(reference)))
  )
    fail('chainId', 'invalid', 'Expected an EIP-155 chain id.')

  const address = checkLine(
    'accountAddress',
    message.accountAddress,
    limits.accountAddress,
    true,
  ) as string
  const accountAddress = checkAddress(namespace, address, parameters.strictAddress ?? false)

  const domain = checkLine('domain', message.domain, limits.domain, true) as string
  if (!isDomain(domain))
    fail('domain', 'invalid', 'Expected an RFC 3986 authority: host[:port], no userinfo.')

  const uri = checkLine('uri', message.uri, limits.uri, true) as string
  if (!isMessageUri(uri)) fail('uri', 'invalid', 'Expected an RFC 3986 URI.')

  if (message.version !== '1')
    fail('version', message.version === undefined ? 'missing' : 'invalid')

  const nonce = checkLine('nonce', message.nonce, limits.nonce, true) as string
  if (!noncePattern.test(nonce)) fail('nonce', 'invalid', 'Expected at least 8 letters and digits.')

  checkTime('issuedAt', message.issuedAt, true)
  checkTime('expirationTime', message.expirationTime, false)
  checkTime('notBefore', message.notBefore, false)

  const statement = checkLine('statement', message.statement, limits.statement, false)
  // EIP-4361: reserved / unreserved / space; CAIP-122 namespaces: any printable text on one
  // line, and no lone surrogate (it has no UTF-8 form, so the text could not be the bytes signed).
  if (statement !== undefined) {
    const valid =
      namespace === 'eip155' ? statementPattern.test(statement) : !/\p{Cc}|\p{Cs}/u.test(statement)
    if (!valid) fail('statement', 'invalid')
  }

  const requestId = checkLine('requestId', message.requestId, limits.requestId, false)
  if (requestId !== undefined && !requestIdPattern.test(requestId)) fail('requestId', 'invalid')

  const scheme = checkLine('scheme', message.scheme, limits.scheme, false)
  if (scheme !== undefined && !schemePattern.test(scheme)) fail('scheme', 'invalid')

  if (message.resources !== undefined) {
    if (!Array.isArray(message.resources)) fail('resources', 'invalid')
    if (message.resources.length > limits.resources)
      fail('resources', 'tooLong', `At most ${limits.resources} resources.`)
    for (const resource of message.resources) {
      checkLine('resources', resource, limits.resource, true)
      if (!isMessageUri(resource)) fail('resources', 'invalid', 'Expected RFC 3986 URIs.')
    }
  }

  return accountAddress === message.accountAddress ? message : { ...message, accountAddress }
}
