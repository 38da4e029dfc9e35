import { describe, expect, test } from 'vitest'
import { createMailbox } from './mailbox'

const message = { topic: 't', message: 'm1', ttl: 10, tag: 1, publisher: 'dapp' }

describe('createMailbox', () => {
  test('default: keeps a message until its TTL, for everyone but its publisher', () => {
    let now = 1_000
    const mailbox = createMailbox({ now: () => now })
    mailbox.put(message)
    expect(mailbox.pendingFor('t', 'wallet').map((m) => m.message)).toEqual(['m1'])
    expect(mailbox.pendingFor('t', 'dapp')).toEqual([])
    now += 9_999
    expect(mailbox.size()).toBe(1)
    now += 1
    expect(mailbox.pendingFor('t', 'wallet')).toEqual([])
    expect(mailbox.size()).toBe(0)
  })

  test('behavior: an acknowledged message leaves only that client’s mailbox', () => {
    const mailbox = createMailbox()
    const { stored } = mailbox.put(message)
    mailbox.ack(stored, 'wallet')
    expect(mailbox.pendingFor('t', 'wallet')).toEqual([])
    expect(mailbox.pendingFor('t', 'other')).toHaveLength(1)
    expect(mailbox.all('t')).toHaveLength(1)
  })

  test('behavior: a retried publish is stored once', () => {
    const mailbox = createMailbox()
    expect(mailbox.put(message).fresh).toBe(true)
    expect(mailbox.put(message).fresh).toBe(false)
    mailbox.put({ ...message, message: 'm2' })
    expect(mailbox.all('t').map((m) => m.message)).toEqual(['m1', 'm2'])
  })
})
