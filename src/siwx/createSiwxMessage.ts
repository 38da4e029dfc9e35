import { createSiweMessage } from 'viem/siwe'
import { InvalidSiwxMessageError } from '../errors/InvalidSiwxMessageError'
import { parseCaipNetworkId } from '../utils/caip'
import { namespaceNames, parseDateTime } from './siwxGrammar'
import type { SiwxMessage } from './types'
import { validateSiwxMessage } from './validateSiwxMessage'

function toDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined
  return new Date(parseDateTime(value) as number)
}

function toIso(value: string | undefined): string | undefined {
  return toDate(value)?.toISOString()
}

/** Field of viem's `SiweInvalidMessageFieldError`, from its message. */
function viemField(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  return /field "([a-zA-Z]+)"/.exec(message)?.[1] ?? 'message'
}

/**
 * Writes a sign-in message: EIP-4361 to the letter for eip155 (viem's `createSiweMessage`,
 * numeric Chain ID, checksummed address), the CAIP-122 form ("…with your Solana account:",
 * Chain ID = CAIP-2 reference) for other namespaces. Times are written as `toISOString()`.
 * Throws `InvalidSiwxMessageError` on a line break, an over-long or a malformed field.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function createSiwxMessage(fields: SiwxMessage): string {
  const message = validateSiwxMessage(fields)
  const { namespace, reference } = parseCaipNetworkId(message.chainId)
  const issuedAt = toDate(message.issuedAt) as Date
  if (namespace === 'eip155') {
    let text: string
    try {
      text = createSiweMessage({
        address: message.accountAddress as `0x${string}`,
        chainId: Number(reference),
        domain: message.domain,
        expirationTime: toDate(message.expirationTime),
        issuedAt,
        nonce: message.nonce,
        notBefore: toDate(message.notBefore),
        requestId: message.requestId,
        resources: message.resources,
        scheme: message.scheme,
        statement: message.statement,
        uri: message.uri,
        version: message.version,
      })
    } catch (error) {
      throw new InvalidSiwxMessageError({
        field: viemField(error),
        reason: 'invalid',
        details: error instanceof Error ? error.message.split('\n')[0] : undefined,
      })
    }
    // viem writes an empty statement as none; EIP-4361's `[ statement LF ]` keeps its own LF.
    if (message.statement === '') text = text.replace('\n\n\nURI: ', '\n\n\n\nURI: ')
    // Likewise an empty request id: `"Request ID: " request-id` with `request-id = *pchar`.
    if (message.requestId === '')
      text = message.resources
        ? text.replace('\nResources:', '\nRequest ID: \nResources:')
        : `${text}\nRequest ID: `
    return text
  }

  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  const lines = [
    `${origin} wants you to sign in with your ${namespaceNames[namespace]} account:`,
    message.accountAddress,
    '',
    ...(message.statement !== undefined ? [message.statement, ''] : ['']),
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
  ]
  if (message.expirationTime) lines.push(`Expiration Time: ${toIso(message.expirationTime)}`)
  if (message.notBefore) lines.push(`Not Before: ${toIso(message.notBefore)}`)
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources) lines.push('Resources:', ...message.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}
