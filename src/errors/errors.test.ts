import { describe, expect, test } from 'vitest'
import { BaseError } from './base'
import { ChainNotSupportedError } from './ChainNotSupportedError'
import { EstimateGasFailedError } from './EstimateGasFailedError'
import { InvalidCaipAddressError } from './InvalidCaipAddressError'
import { InvalidCaipNetworkIdError } from './InvalidCaipNetworkIdError'
import { NoAccountsFoundError } from './NoAccountsFoundError'
import { OptionsValidationError } from './OptionsValidationError'
import { SignMessageFailedError } from './SignMessageFailedError'
import { SwitchNetworkFailedError } from './SwitchNetworkFailedError'

describe('wallet adapter errors', () => {
  test('default: SPEC §8 short messages and names', () => {
    const errors = [
      new NoAccountsFoundError(),
      new ChainNotSupportedError(),
      new SwitchNetworkFailedError(),
      new SignMessageFailedError(),
      new EstimateGasFailedError(),
    ]
    for (const error of errors) expect(error).toBeInstanceOf(BaseError)
    expect(errors.map((error) => [error.name, error.shortMessage])).toMatchInlineSnapshot(`
      [
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

describe('CAIP errors', () => {
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
