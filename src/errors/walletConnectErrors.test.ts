import { expect, test } from 'vitest'
import { BaseError } from './base'
import { InvalidWcUriError } from './InvalidWcUriError'
import { WalletConnectPairingReplacedError } from './WalletConnectPairingReplacedError'
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
