import { describe, expect, test } from 'vitest'
import { assertSiwxReady } from './assertSiwxReady'
import { createLocalSiwxAdapter } from './createLocalSiwxAdapter'

const ready = {
  siwx: createLocalSiwxAdapter({ storage: undefined }),
  caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  caipNetwork: 'eip155:1',
  networkClient: {},
  connectionClient: {},
}

function message(overrides: Partial<typeof ready>) {
  try {
    assertSiwxReady({ ...ready, ...overrides })
    return 'ready'
  } catch (error) {
    return `${(error as Error).name}: ${(error as { shortMessage: string }).shortMessage}`
  }
}

describe('assertSiwxReady', () => {
  test('SPEC §8 sign-in failures', () => {
    expect(message({})).toBe('ready')
    expect(message({ siwx: undefined })).toMatchInlineSnapshot(
      `"SiwxNotEnabledError: SIWX is not enabled"`,
    )
    expect(message({ caipAddress: undefined })).toMatchInlineSnapshot(
      `"NoActiveCaipAddressError: No ActiveCaipAddress found"`,
    )
    expect(message({ caipNetwork: undefined })).toMatchInlineSnapshot(
      `"NoActiveCaipNetworkError: No ActiveCaipNetwork or client found"`,
    )
    expect(message({ networkClient: undefined })).toMatchInlineSnapshot(
      `"NoActiveCaipNetworkError: No ActiveCaipNetwork or client found"`,
    )
    expect(message({ connectionClient: undefined })).toMatchInlineSnapshot(
      `"NoConnectionClientError: No ConnectionController client found"`,
    )
  })
})
