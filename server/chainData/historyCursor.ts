import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import type { HistoryPosition } from '../storage/chainIndexTypes'

/** The opaque `next` of a history page: the last transaction's block and index. */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.blockNumber}.${position.txIndex}`, 'utf8').toString('base64url')
}

/** Reads a cursor made by {@link encodeHistoryCursor}; anything else is an `InvalidRequestError`. */
export function decodeHistoryCursor(cursor: string): HistoryPosition {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : ''
  const match = /^(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,8})$/.exec(text)
  if (!match?.[1] || !match[2]) throw new InvalidRequestError({ reason: 'cursor: Unknown cursor.' })
  return { blockNumber: Number(match[1]), txIndex: Number(match[2]) }
}
