import { describe, expect, test } from 'vitest'
import { BaseError } from './base'
import { ChainNotSupportedError } from './ChainNotSupportedError'
import { ConnectorTypeNotFoundError } from './ConnectorTypeNotFoundError'
import { EstimateGasFailedError } from './EstimateGasFailedError'
import { InvalidAddressError } from './InvalidAddressError'
import { InvalidCaipAddressError } from './InvalidCaipAddressError'
import { InvalidCaipNetworkIdError } from './InvalidCaipNetworkIdError'
import { NoAccountsFoundError } from './NoAccountsFoundError'
import { OptionsValidationError } from './OptionsValidationError'
import { ProviderNotFoundError } from './ProviderNotFoundError'
import { ProviderUndefinedError } from './ProviderUndefinedError'
import { SignMessageFailedError } from './SignMessageFailedError'
import { SwitchNetworkFailedError } from './SwitchNetworkFailedError'
import { UnsupportedProviderTypeError } from './UnsupportedProviderTypeError'

describe('wallet adapter errors', () => {
  test('default: SPEC §8 short messages and names', () => {
    const errors = [
      new ProviderNotFoundError(),
      new ProviderUndefinedError(),
      new NoAccountsFoundError(),
      new ChainNotSupportedError(),
      new SwitchNetworkFailedError(),
      new ConnectorTypeNotFoundError(),
      new UnsupportedProviderTypeError(),
      new SignMessageFailedError(),
      new EstimateGasFailedError(),
    ]
    for (const error of errors) expect(error).toBeInstanceOf(BaseError)
    expect(errors.map((error) => [error.name, error.shortMessage])).toMatchInlineSnapshot(`
      [
        [
          "ProviderNotFoundError",
          "Provider not found",
        ],
        [
          "ProviderUndefinedError",
          "Provider is undefined",
        ],
        [
          "NoAccountsFoundError",
          "No accounts found",
        ],
        [
          "ChainNotSupportedError",
          "Chain is not supported",
        ],
        [
          "SwitchNetworkFailedError",
          "Switch network failed",
        ],
        [
          "ConnectorTypeNotFoundError",
          "Connector type not found",
        ],
        [
          "UnsupportedProviderTypeError",
          "Unsupported provider type",
        ],
        [
          "SignMessageFailedError",
          "Sign message failed",
        ],
        [
          "EstimateGasFailedError",
          "Estimate gas failed",
        ],
      ]
    `)
  })

  test('parameters: cause', () => {
    const cause = new Error('User rejected the request.')
    const error = new SwitchNetworkFailedError({ cause })
    expect(error.cause).toBe(cause)
    expect(error.message).toMatchInlineSnapshot(`
      "Switch network failed

      Details: User rejected the request.
      Version: latchkey@0.1.0"
    `)
  })

  test('parameters: chainId', () => {
    const error = new ChainNotSupportedError({ chainId: 56 })
    expect(error.chainId).toBe(56)
    expect(error.message).toMatchInlineSnapshot(`
      "Chain is not supported

      Chain: 56

      Version: latchkey@0.1.0"
    `)
  })
})

describe('OptionsValidationError', () => {
  test('default', () => {
    const error = new OptionsValidationError({
      option: 'features.email',
      reason: 'Expected boolean, received string.',
    })
    expect(error.name).toBe('OptionsValidationError')
    expect(error.option).toBe('features.email')
    expect(error.reason).toBe('Expected boolean, received string.')
    expect(error.shortMessage).toMatchInlineSnapshot(
      `"Invalid option "features.email": Expected boolean, received string."`,
    )
  })

  test('parameters: unknown', () => {
    const error = new OptionsValidationError({
      option: 'foo',
      reason: 'Unknown option',
      unknown: true,
    })
    expect(error.shortMessage).toMatchInlineSnapshot(`"Unknown option "foo"."`)
    expect(error.message).toMatchInlineSnapshot(`
      "Unknown option "foo".

      Docs: node_modules/latchkey/docs/errors.md#options
      Version: latchkey@0.1.0"
    `)
  })
})

describe('address and CAIP errors', () => {
  test('InvalidAddressError', () => {
    const error = new InvalidAddressError({ address: '0x123', namespace: 'eip155' })
    expect(error.address).toBe('0x123')
    expect(error.namespace).toBe('eip155')
    expect(error.message).toMatchInlineSnapshot(`
      "Address "0x123" is invalid.

      - An address is 40 hex characters, with an optional 0x prefix.
      - Mixed case must be a valid EIP-55 checksum.

      Version: latchkey@0.1.0"
    `)
    expect(new InvalidAddressError({ address: 'x', namespace: 'solana' }).metaMessages).toEqual([
      '- A Solana address is 32 to 44 base58 characters.',
    ])
  })

  test('InvalidCaipAddressError', () => {
    const error = new InvalidCaipAddressError({ address: 'eip155:1' })
    expect(error.name).toBe('InvalidCaipAddressError')
    expect(error.address).toBe('eip155:1')
    expect(error.shortMessage).toBe('CAIP address "eip155:1" is invalid.')
  })

  test('InvalidCaipNetworkIdError', () => {
    const error = new InvalidCaipNetworkIdError({ caipNetworkId: 'foo:1' })
    expect(error.name).toBe('InvalidCaipNetworkIdError')
    expect(error.caipNetworkId).toBe('foo:1')
    expect(error.shortMessage).toBe('CAIP network id "foo:1" is invalid.')
  })
})
