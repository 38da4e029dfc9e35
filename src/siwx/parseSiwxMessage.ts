import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import type { CaipNetworkId } from '../networks'
import { siwxFieldLimits } from './siwxFieldLimits'
import { namespaceOfName, schemePattern } from './siwxGrammar'
import type { SiwxMessage } from './types'
import { validateSiwxMessage } from './validateSiwxMessage'

const headerSuffixPattern = / wants you to sign in with your ([A-Za-z]+) account:$/

/** Field labels in message order: label → field name. */
const labels: [string, string][] = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
  ['Resources', 'resources'],
]

/** The field a stray line belongs to ("Label:…"), so an error names it rather than "message". */
function fieldOfLine(line: string): string | undefined {
  return labels.find(([label]) => line.startsWith(`${label}:`))?.[1]
}

function fail(field: string, reason: InvalidSiwxMessageError['reason'], details?: string): never {
  throw new InvalidSiwxMessageError({ field, reason, details })
}

/**
 * Reads a sign-in message strictly: the exact EIP-4361 / CAIP-122 layout, every field checked
 * (grammar, line breaks, lengths, EIP-55 checksum, RFC 3339 times); anything else throws
 * `InvalidSiwxMessageError` naming the field. Unlike viem's `parseSiweMessage` it never returns
 * a partial result.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function parseSiwxMessage(text: string): SiwxMessage {
  if (typeof text !== 'string' || text === '') fail('message', 'missing')
  if (text.length > siwxFieldLimits.message) fail('message', 'tooLong')
  if (text.includes('\r')) fail('message', 'invalid', 'Lines end with LF only.')
  const lines = text.split('\n')
  let index = 0
  const next = () => lines[index++]

  const headerLine = next() ?? ''
  const header = headerSuffixPattern.exec(headerLine)
  if (!header)
    return fail(
      'message',
      'invalid',
      'Expected "{domain} wants you to sign in with your {chain} account:".',
    )
  const name = header[1] ?? ''
  // `[ scheme "://" ] domain`: the origin is everything before the fixed words.
  const origin = headerLine.slice(0, header.index)
  const separator = origin.indexOf('://')
  const scheme = separator === -1 ? undefined : origin.slice(0, separator)
  const domain = separator === -1 ? origin : origin.slice(separator + 3)
  if (scheme !== undefined && !schemePattern.test(scheme))
    fail('scheme', scheme === '' ? 'missing' : 'invalid')
  const namespace = namespaceOfName(name)
  if (!namespace) return fail('chainId', 'invalid', `Unknown blockchain name "${name}".`)
  if (domain === '') fail('domain', 'missing')

  const accountAddress = next()
  if (!accountAddress) fail('accountAddress', 'missing')
  if (next() !== '') fail('message', 'invalid', 'Expected an empty line after the address.')
  // `address LF LF [ statement LF ] LF`: with no statement two empty lines separate the address
  // from "URI:", with the empty statement (`statement = *( … )` allows zero characters) three.
  let statement: string | undefined
  const afterAddress = next()
  if (afterAddress === undefined) fail('uri', 'missing')
  if (afterAddress !== '') {
    statement = afterAddress
    if (next() !== '') fail('statement', 'lineBreak')
  } else if (lines[index] === '') {
    statement = ''
    index++
  }

  function field(label: string, name: string, required: true): string
  function field(label: string, name: string, required: false): string | undefined
  function field(label: string, name: string, required: boolean): string | undefined {
    const line = lines[index]
    if (line?.startsWith(`${label}: `)) {
      index++
      return line.slice(label.length + 2)
    }
    if (required) fail(name, 'missing')
    return undefined
  }

  const uri = field('URI', 'uri', true)
  const version = field('Version', 'version', true)
  const reference = field('Chain ID', 'chainId', true)
  const nonce = field('Nonce', 'nonce', true)
  const issuedAt = field('Issued At', 'issuedAt', true)
  const expirationTime = field('Expiration Time', 'expirationTime', false)
  const notBefore = field('Not Before', 'notBefore', false)
  let requestId = field('Request ID', 'requestId', false)
  if (requestId === undefined && lines[index] === 'Request ID:') {
    index++
    requestId = ''
  }
  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    index++
    resources = []
    while (index < lines.length) {
      const line = lines[index++] as string
      if (!line.startsWith('- ')) fail('resources', 'invalid', 'Each resource is a "- {uri}" line.')
      resources.push(line.slice(2))
    }
  }
  if (index < lines.length) {
    const line = lines[index] as string
    const stray = fieldOfLine(line)
    fail(
      stray ?? 'message',
      'invalid',
      stray
        ? `Line ${index + 1} ("${line.split(':')[0]}") is out of order, repeated or not followed by ": ".`
        : `Unexpected line ${index + 1}.`,
    )
  }

  if (version !== '1') fail('version', 'invalid')
  const chainId = `${namespace}:${reference}` as CaipNetworkId
  if (namespace === 'eip155' && !/^[1-9][0-9]*$/.test(reference)) fail('chainId', 'invalid')

  const message: SiwxMessage = {
    accountAddress: accountAddress as string,
    chainId,
    domain,
    uri,
    version,
    nonce,
    issuedAt,
    ...(statement !== undefined ? { statement } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
    ...(scheme !== undefined ? { scheme } : {}),
  }
  return validateSiwxMessage(message, { strictAddress: true })
}
