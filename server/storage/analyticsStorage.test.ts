import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { Storage } from './storage'
import type { AnalyticsEventRecord } from './types'

const event: AnalyticsEventRecord = {
  projectId: 'p1',
  eventId: 'e1',
  url: 'https://dapp.test/swap',
  domain: 'dapp.test',
  origin: 'https://dapp.test',
  timestamp: 1_700_000_000_000,
  props: '{"event":"MODAL_OPEN"}',
  sdkType: 'latchkey',
  sdkVersion: '0.1.0',
  receivedAt: 10,
}

const backends = storageBackends()

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  describe('analyticsEvents', () => {
    test('default: an event is stored and read back whole, newest received first', async () => {
      expect(await storage.analyticsEvents.insert(event)).toBe(true)
      const second = {
        ...event,
        eventId: 'e2',
        origin: null,
        sdkType: null,
        sdkVersion: null,
        receivedAt: 20,
      }
      expect(await storage.analyticsEvents.insert(second)).toBe(true)
      expect(await storage.analyticsEvents.list('p1', 10)).toEqual([second, event])
      expect(await storage.analyticsEvents.list('p1', 1)).toEqual([second])
      expect(await storage.analyticsEvents.list('p2', 10)).toEqual([])
    })

    test('behavior: a resent event id is stored once per project; another project may use it', async () => {
      expect(await storage.analyticsEvents.insert(event)).toBe(true)
      expect(await storage.analyticsEvents.insert({ ...event, props: '{"event":"OTHER"}' })).toBe(
        false,
      )
      expect(await storage.analyticsEvents.insert({ ...event, projectId: 'p2' })).toBe(true)
      expect(await storage.analyticsEvents.list('p1', 10)).toEqual([event])
    })

    test('behavior: events survive a restart (a real database)', async () => {
      await storage.analyticsEvents.insert(event)
      await storage.close()
      storage = await backend.reopen()
      expect(await storage.analyticsEvents.list('p1', 10)).toEqual([event])
    })
  })
})
