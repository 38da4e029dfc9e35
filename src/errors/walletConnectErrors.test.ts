import { expect, test } from 'vitest'
import { BaseError } from './base'
import { InvalidWcUriError } from './InvalidWcUriError'
import { RelayUnreachableError } from './RelayUnreachableError'
import { WalletConnectPairingReplacedError } from './WalletConnectPairingReplacedError'
import { WalletConnectRequestExpiredError } from './WalletConnectRequestExpiredError'
import { WalletConnectSessionNotFoundError } from './WalletConnectSessionNotFoundError'

test('default: WalletConnect errors, names and short messages', () => {
  const errors = [
    new InvalidWcUriError({ reason: 'symKey' }),
    new WalletConnectPairingReplacedError(),
    new WalletConnectSessionNotFoundError(),
  ]
  for (const error of errors) expect(error).toBeInstanceOf(BaseError)
  expect(errors.map((error) => [error.name, error.shortMessage])).toMatchInlineSnapshot(`
    [
      [
        "InvalidWcUriError",
        "WalletConnect URI is invalid: the "symKey" parameter is not 64 hex characters.",
      ],
      [
        "WalletConnectPairingReplacedError",
        "The WalletConnect pairing was replaced by a newer one.",
      ],
      [
        "WalletConnectSessionNotFoundError",
        "No WalletConnect session to restore.",
      ],
    ]
  `)
})

test('default: RelayUnreachableError names the relay, the wait and what to do', () => {
  const error = new RelayUnreachableError({ relayUrl: 'wss://relay.example.com', timeout: 10_000 })
  expect(error).toBeInstanceOf(BaseError)
  expect({ relayUrl: error.relayUrl, timeout: error.timeout }).toEqual({
    relayUrl: 'wss://relay.example.com',
    timeout: 10_000,
  })
  expect(error.message).toMatchInlineSnapshot(`
    "Could not reach the WalletConnect relay at wss://relay.example.com.

    No answer from the relay within 10000 ms: the WebSocket did not open, or the relay did not take the pairing proposal.
    Check that the relay runs and that this URL is reachable from the browser (scheme, host, port, firewall), or pass another \`relayUrl\` to walletConnect(). \`relayTimeoutMs\` sets how long to wait.

    Docs: node_modules/latchkey/docs/errors.md#walletconnect
    Version: latchkey@0.1.0"
  `)
})

test('default: WalletConnectRequestExpiredError names the method and the wait (D6)', () => {
  const error = new WalletConnectRequestExpiredError({ method: 'personal_sign', timeout: 300_000 })
  expect(error).toBeInstanceOf(BaseError)
  expect({ method: error.method, timeout: error.timeout }).toEqual({
    method: 'personal_sign',
    timeout: 300_000,
  })
  expect(error.shortMessage).toBe('The wallet did not answer personal_sign in time.')
  expect(error.message).toContain('No answer over WalletConnect within 300000 ms.')
  expect(error.message).toContain('`requestTimeoutMs` on walletConnect()')
})

test('default: WalletConnectSessionNotFoundError for a request names it and keeps the SDK error (D4)', () => {
  const cause = new Error("No matching key. session topic doesn't exist: abc")
  const error = new WalletConnectSessionNotFoundError({
    method: 'personal_sign',
    topic: 'abc',
    cause,
  })
  expect(error.shortMessage).toBe('The WalletConnect session for personal_sign no longer exists.')
  expect({ method: error.method, topic: error.topic, cause: error.cause }).toEqual({
    method: 'personal_sign',
    topic: 'abc',
    cause,
  })
})
