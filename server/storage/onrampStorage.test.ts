import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { OnrampSessionRecord } from './onrampSessionRecord'
import type { Storage } from './storage'

const session: OnrampSessionRecord = {
  id: 'ors_1',
  provider: 'sandbox',
  projectId: 'p1',
  origin: 'https://dapp.test',
  address: `0x${'ab'.repeat(20)}`,
  chainId: 1,
  token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  symbol: 'ETH',
  decimals: 18,
  fiatCurrency: 'USD',
  fiatAmount: '100.00',
  feeAmount: '1.00',
  cryptoAmount: '49500000000000000',
  paymentMethod: 'card',
  country: 'US',
  widgetUrl: 'http://127.0.0.1:8787/onramp/sandbox/ors_1',
  status: 'pending',
  txHash: null,
  failureReason: null,
  providerRef: null,
  createdAt: 10,
  updatedAt: 10,
}
const hash = `0x${'cd'.repeat(32)}` as const

const backends = storageBackends()

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  test('default: a purchase is stored and read back whole; an unknown id reads as undefined', async () => {
    await storage.onrampSessions.create(session)
    expect(await storage.onrampSessions.find('ors_1')).toEqual(session)
    expect(await storage.onrampSessions.find('ors_2')).toBeUndefined()
    await expect(storage.onrampSessions.create(session)).rejects.toThrow()
  })

  test('behavior: a purchase moves forward only, and never out of a final status', async () => {
    await storage.onrampSessions.create(session)
    const forward = ['pending'] as const
    expect(
      await storage.onrampSessions.advance('ors_1', forward, { status: 'processing' }, 20),
    ).toBe(true)
    // a second "processing" finds it no longer pending: nothing changes
    expect(
      await storage.onrampSessions.advance('ors_1', forward, { status: 'processing' }, 21),
    ).toBe(false)
    const open = ['pending', 'processing'] as const
    expect(
      await storage.onrampSessions.advance(
        'ors_1',
        open,
        { status: 'completed', txHash: hash },
        30,
      ),
    ).toBe(true)
    expect(
      await storage.onrampSessions.advance(
        'ors_1',
        open,
        { status: 'failed', failureReason: 'card_declined' },
        40,
      ),
    ).toBe(false)
    expect(await storage.onrampSessions.advance('ors_1', [], { status: 'failed' }, 41)).toBe(false)
    expect(await storage.onrampSessions.find('ors_1')).toEqual({
      ...session,
      status: 'completed',
      txHash: hash,
      updatedAt: 30,
    })
  })

  test('behavior: bind sets the provider reference once', async () => {
    await storage.onrampSessions.create(session)
    expect(await storage.onrampSessions.bind('ors_1', 'ramp:p1')).toBe(true)
    expect(await storage.onrampSessions.bind('ors_1', 'ramp:p2')).toBe(false)
    expect((await storage.onrampSessions.find('ors_1'))?.providerRef).toBe('ramp:p1')
  })

  test('behavior: of concurrent final events for one purchase exactly one wins', async () => {
    await storage.onrampSessions.create(session)
    const open = ['pending', 'processing'] as const
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        storage.onrampSessions.advance(
          'ors_1',
          open,
          index % 2 === 0
            ? { status: 'completed', txHash: hash }
            : { status: 'failed', failureReason: `reason ${index}` },
          50 + index,
        ),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const stored = await storage.onrampSessions.find('ors_1')
    const winner = results.indexOf(true)
    expect(stored?.status).toBe(winner % 2 === 0 ? 'completed' : 'failed')
    expect(stored?.updatedAt).toBe(50 + winner)
  })
})
