import { describe, expect, test } from 'vitest'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { resolveRelay, walletConnectCloudRelayUrl } from './resolveRelay'

function optionOf(input: {
  relayUrl: unknown
  projectId?: unknown
  relayTimeoutMs?: unknown
  requestTimeoutMs?: unknown
}): string | undefined {
  try {
    resolveRelay(input)
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsValidationError)
    return (error as OptionsValidationError).option
  }
}

describe('resolveRelay', () => {
  test('default: your relay needs no project id', () => {
    expect(resolveRelay({ relayUrl: 'ws://127.0.0.1:4000' })).toEqual({
      relayUrl: 'ws://127.0.0.1:4000',
      projectId: '00000000000000000000000000000000',
      relayTimeoutMs: 10_000,
      requestTimeoutMs: 300_000,
    })
  })

  test("parameters: WalletConnect's relay with a project id", () => {
    expect(resolveRelay({ relayUrl: walletConnectCloudRelayUrl, projectId: 'abc' })).toEqual({
      relayUrl: 'wss://relay.walletconnect.org',
      projectId: 'abc',
      relayTimeoutMs: 10_000,
      requestTimeoutMs: 300_000,
    })
  })

  test('parameters: relayTimeoutMs', () => {
    expect(resolveRelay({ relayUrl: 'ws://127.0.0.1:4000', relayTimeoutMs: 2_500 })).toMatchObject({
      relayTimeoutMs: 2_500,
    })
  })

  test('parameters: requestTimeoutMs (D6: default the SDK request TTL, 5 min)', () => {
    expect(
      resolveRelay({ relayUrl: 'ws://127.0.0.1:4000', requestTimeoutMs: 1_500 }),
    ).toMatchObject({ requestTimeoutMs: 1_500 })
    for (const requestTimeoutMs of [0, -1, Number.NaN, '1000', 2 ** 31])
      expect(optionOf({ relayUrl: 'wss://relay.example.com', requestTimeoutMs })).toBe(
        'walletConnect.requestTimeoutMs',
      )
  })

  test('behavior: refused options name themselves', () => {
    expect(optionOf({ relayUrl: undefined })).toBe('walletConnect.relayUrl')
    expect(optionOf({ relayUrl: 'not a url' })).toBe('walletConnect.relayUrl')
    expect(optionOf({ relayUrl: 'https://relay.example.com' })).toBe('walletConnect.relayUrl')
    expect(optionOf({ relayUrl: 'wss://relay.walletconnect.com' })).toBe('walletConnect.projectId')
    expect(optionOf({ relayUrl: 'wss://x.relay.walletconnect.org' })).toBe(
      'walletConnect.projectId',
    )
    expect(optionOf({ relayUrl: 'wss://relay.example.com', projectId: ' ' })).toBe(
      'walletConnect.projectId',
    )
    for (const relayTimeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '10000', 2 ** 31])
      expect(optionOf({ relayUrl: 'wss://relay.example.com', relayTimeoutMs })).toBe(
        'walletConnect.relayTimeoutMs',
      )
  })
})
