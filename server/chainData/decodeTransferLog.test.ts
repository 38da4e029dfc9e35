import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeTransferLog, type RpcLog, transferTopic } from './decodeTransferLog'
import { decodeHistoryCursor, encodeHistoryCursor } from './historyCursor'

const from = `0x${'0'.repeat(24)}${'a'.repeat(40)}`
const to = `0x${'0'.repeat(24)}${'B'.repeat(40)}`
const log = (overrides: Partial<RpcLog>): RpcLog => ({
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  topics: [transferTopic, from, to],
  data: `0x${'0'.repeat(62)}ff`,
  blockNumber: '0x10',
  transactionHash: `0x${'C'.repeat(64)}`,
  transactionIndex: '0x2',
  logIndex: '0x3',
  ...overrides,
})

describe('decodeTransferLog', () => {
  test('default: an ERC-20 Transfer (three topics, amount in data)', () => {
    expect(decodeTransferLog(1, log({}), 5_000)).toEqual({
      chainId: 1,
      txHash: `0x${'c'.repeat(64)}`,
      logIndex: 3,
      blockNumber: 16,
      txIndex: 2,
      timestamp: 5_000,
      kind: 'erc20',
      contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      from: `0x${'a'.repeat(40)}`,
      to: `0x${'b'.repeat(40)}`,
      value: '255',
      tokenId: null,
    })
  })

  test('default: an ERC-721 Transfer (token id as the fourth topic, no data)', () => {
    const decoded = decodeTransferLog(
      1,
      log({ topics: [transferTopic, from, to, `0x${'0'.repeat(63)}7`], data: '0x' }),
      0,
    )
    expect(decoded).toMatchObject({ kind: 'erc721', value: '1', tokenId: '7' })
  })

  test('error: other events, removed logs, dirty address topics and odd shapes are skipped', () => {
    expect(
      decodeTransferLog(1, log({ topics: [`0x${'1'.repeat(64)}`, from, to] }), 0),
    ).toBeUndefined()
    expect(decodeTransferLog(1, log({ removed: true }), 0)).toBeUndefined()
    expect(
      decodeTransferLog(1, log({ topics: [transferTopic, `0x${'f'.repeat(64)}`, to] }), 0),
    ).toBeUndefined()
    expect(decodeTransferLog(1, log({ data: '0x' }), 0)).toBeUndefined()
    expect(decodeTransferLog(1, log({ topics: [transferTopic, from] }), 0)).toBeUndefined()
  })
})

describe('historyCursor', () => {
  test('behavior: every position survives a round trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 48 }),
        fc.integer({ min: 0, max: 100_000 }),
        (blockNumber, txIndex) => {
          expect(decodeHistoryCursor(encodeHistoryCursor({ blockNumber, txIndex }))).toEqual({
            blockNumber,
            txIndex,
          })
        },
      ),
    )
  })

  test('error: any other string is an InvalidRequestError', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        let decoded: unknown
        try {
          decoded = decodeHistoryCursor(text)
        } catch (error) {
          expect((error as Error).name).toBe('InvalidRequestError')
          return
        }
        // Only a position is read: two whole numbers within range.
        const { blockNumber, txIndex } = decoded as { blockNumber: number; txIndex: number }
        expect(Number.isSafeInteger(blockNumber) && blockNumber >= 0).toBe(true)
        expect(Number.isSafeInteger(txIndex) && txIndex >= 0).toBe(true)
      }),
    )
  })
})
