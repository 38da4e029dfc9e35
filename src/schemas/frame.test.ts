import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  fixtureAddress,
  invalidRequestPayloads,
  invalidSuccessPayloads,
  nest,
  validRequestPayloads,
  validSuccessPayloads,
} from '../../test/harness/frame.fixtures'
import { getFrameResponseRoute, parseFrameIncoming, parseFrameRequest } from './frame'
import { checkFrameValue, frameLimits } from './frameLimits'
import { frameRequestTypes } from './frameRequests'

const id = '6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d'

function message(type: string, payload: unknown, messageId: string | null = id) {
  const value: Record<string, unknown> = { type }
  if (messageId !== null) value.id = messageId
  if (payload !== undefined) value.payload = payload
  return value
}

describe('requests (app → frame)', () => {
  test('default: the 22 message types of SPEC §7, GET_SOCIAL_PROVIDERS, SIGN_OUT_EVERYWHERE, CANCEL_APPROVAL, the passkey requests, IMPORT_WALLET, OPEN_SECURITY, SETUP_RECOVERY and OPEN_LOGINS', () => {
    expect(frameRequestTypes).toMatchInlineSnapshot(`
      [
        "SWITCH_NETWORK",
        "CONNECT_EMAIL",
        "CONNECT_DEVICE",
        "CONNECT_OTP",
        "CONNECT_SOCIAL",
        "CONNECT_PASSKEY",
        "REGISTER_PASSKEY",
        "MANAGE_PASSKEYS",
        "IMPORT_WALLET",
        "OPEN_SECURITY",
        "SETUP_RECOVERY",
        "OPEN_LOGINS",
        "GET_FARCASTER_URI",
        "CONNECT_FARCASTER",
        "GET_USER",
        "GET_SOCIAL_REDIRECT_URI",
        "GET_SOCIAL_PROVIDERS",
        "SIGN_OUT",
        "SIGN_OUT_EVERYWHERE",
        "IS_CONNECTED",
        "GET_CHAIN_ID",
        "GET_SMART_ACCOUNT_ENABLED_NETWORKS",
        "INIT_SMART_ACCOUNT",
        "SET_PREFERRED_ACCOUNT",
        "RPC_REQUEST",
        "UPDATE_EMAIL",
        "UPDATE_EMAIL_PRIMARY_OTP",
        "UPDATE_EMAIL_SECONDARY_OTP",
        "SYNC_THEME",
        "SYNC_DAPP_DATA",
        "RELOAD",
        "CANCEL_APPROVAL",
      ]
    `)
  })

  test.each(frameRequestTypes)('behavior: %s valid', (type) => {
    const result = parseFrameRequest(message(type, validRequestPayloads[type]))
    expect(result).toEqual({ success: true, data: message(type, validRequestPayloads[type]) })
  })

  test.each(
    frameRequestTypes.flatMap((type) =>
      invalidRequestPayloads[type].map(([why, payload]) => [type, why, payload] as const),
    ),
  )('behavior: %s invalid (%s)', (type, _, payload) => {
    const result = parseFrameRequest(message(type, payload))
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(result.id).toBe(id)
      expect(result.type).toBe(type)
    }
  })

  test.each(frameRequestTypes)('behavior: %s needs a uuid id and no extra keys', (type) => {
    const payload = validRequestPayloads[type]
    expect(parseFrameRequest(message(type, payload, null)).success).toBe(false)
    expect(parseFrameRequest(message(type, payload, 'abc')).success).toBe(false)
    expect(parseFrameRequest({ ...message(type, payload), extra: 1 }).success).toBe(false)
  })

  test('behavior: exact type names only', () => {
    for (const type of ['connect_email', 'CONNECT_EMAIL ', '@w3m-app/CONNECT_EMAIL', 'CONNECT'])
      expect(parseFrameRequest(message(type, { email: 'a@b.co' }))).toMatchObject({
        success: false,
        reason: expect.stringContaining('Unknown message type'),
      })
    expect(parseFrameRequest(message('constructor', undefined)).success).toBe(false)
    expect(parseFrameRequest(message('__proto__', undefined)).success).toBe(false)
  })

  test('behavior: wallet_sendCalls checks to and data', () => {
    const calls = (call: object) =>
      message('RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ calls: [call] }] })
    expect(parseFrameRequest(calls({ to: fixtureAddress, data: '0xabcd' })).success).toBe(true)
    expect(parseFrameRequest(calls({ to: fixtureAddress })).success).toBe(true)
    expect(parseFrameRequest(calls({ to: 'abc' })).success).toBe(false)
    expect(parseFrameRequest(calls({ to: fixtureAddress, data: 'x0ab' })).success).toBe(false)
    expect(
      parseFrameRequest(message('RPC_REQUEST', { method: 'wallet_sendCalls', params: [] })).success,
    ).toBe(false)
  })

  test('behavior: solana methods check their params', () => {
    const rpc = (method: string, params: unknown) => message('RPC_REQUEST', { method, params })
    expect(
      parseFrameRequest(rpc('solana_signMessage', { message: 'aGk=', pubkey: 'x' })).success,
    ).toBe(true)
    expect(parseFrameRequest(rpc('solana_signMessage', { message: 'aGk=' })).success).toBe(false)
    expect(parseFrameRequest(rpc('solana_signTransaction', { transaction: 'AQ==' })).success).toBe(
      true,
    )
    expect(
      parseFrameRequest(rpc('solana_signAllTransactions', { transactions: [1] })).success,
    ).toBe(false)
  })
})

describe('replies and events (frame → app)', () => {
  test.each(frameRequestTypes)('behavior: %s_SUCCESS valid', (type) => {
    const result = parseFrameIncoming(message(`${type}_SUCCESS`, validSuccessPayloads[type]))
    expect(result).toEqual({
      success: true,
      data: { kind: 'success', id, requestType: type, payload: validSuccessPayloads[type] },
    })
  })

  test.each(
    frameRequestTypes.flatMap((type) =>
      invalidSuccessPayloads[type].map(([why, payload]) => [type, why, payload] as const),
    ),
  )('behavior: %s_SUCCESS invalid (%s)', (type, _, payload) => {
    const result = parseFrameIncoming(message(`${type}_SUCCESS`, payload))
    expect(result).toMatchObject({ success: false, id, type: `${type}_SUCCESS` })
  })

  test.each(frameRequestTypes)('behavior: %s_ERROR with and without a message', (type) => {
    expect(parseFrameIncoming(message(`${type}_ERROR`, { message: 'Nope', code: 4001 }))).toEqual({
      success: true,
      data: { kind: 'error', id, requestType: type, message: 'Nope', code: 4001 },
    })
    expect(parseFrameIncoming(message(`${type}_ERROR`, undefined))).toEqual({
      success: true,
      data: { kind: 'error', id, requestType: type, message: undefined, code: undefined },
    })
    expect(parseFrameIncoming(message(`${type}_ERROR`, { message: 1 })).success).toBe(false)
    expect(parseFrameIncoming(message(`${type}_ERROR`, { message: 'x', stack: 'y' })).success).toBe(
      false,
    )
  })

  test('behavior: replies need a uuid id', () => {
    expect(parseFrameIncoming(message('GET_CHAIN_ID_SUCCESS', { chainId: 1 }, null)).success).toBe(
      false,
    )
    expect(parseFrameIncoming(message('GET_CHAIN_ID_SUCCESS', { chainId: 1 }, 'x')).success).toBe(
      false,
    )
  })

  test('behavior: READY; SESSION_UPDATE is no longer a frame message (no token leaves the frame)', () => {
    expect(parseFrameIncoming({ type: 'READY', payload: { version: '0.1.0' } })).toEqual({
      success: true,
      data: { kind: 'event', event: { type: 'READY', payload: { version: '0.1.0' } } },
    })
    expect(parseFrameIncoming({ type: 'SESSION_UPDATE', payload: { token: 't' } })).toMatchObject({
      success: false,
      reason: 'Unknown message type "SESSION_UPDATE".',
    })
    expect(parseFrameIncoming({ type: 'READY' }).success).toBe(false)
    expect(parseFrameIncoming({ type: 'READY', payload: { version: '' } }).success).toBe(false)
    expect(parseFrameIncoming({ type: 'SESSION_UPDATE', payload: { token: 1 } }).success).toBe(
      false,
    )
  })

  test('behavior: exact type names only (no substring match)', () => {
    for (const type of [
      'GET_USER_SUCCESS_',
      'XGET_USER_SUCCESS',
      '@w3m-frame/GET_USER_SUCCESS',
      'get_user_success',
      'GET_USER',
      'SUCCESS',
      'READY_SUCCESS',
      'toString',
    ])
      expect(getFrameResponseRoute(type)).toBeUndefined()
    expect(getFrameResponseRoute('GET_USER_SUCCESS')).toEqual({
      requestType: 'GET_USER',
      outcome: 'success',
    })
    expect(getFrameResponseRoute('RPC_REQUEST_ERROR')).toEqual({
      requestType: 'RPC_REQUEST',
      outcome: 'error',
    })
  })

  test('behavior: malformed shapes are refused with the id when readable', () => {
    const cases: unknown[] = [
      null,
      undefined,
      'GET_USER_SUCCESS',
      42,
      [],
      [message('GET_CHAIN_ID_SUCCESS', { chainId: 1 })],
      new Date(),
      new Map(),
      { type: 1 },
      { id },
      message('GET_CHAIN_ID_SUCCESS', { chainId: 1, extra: true }),
      message('GET_CHAIN_ID_SUCCESS', { chainId: 'x'.repeat(frameLimits.maxStringLength + 1) }),
      message('RPC_REQUEST_SUCCESS', { result: nest(1000) }),
      message('RPC_REQUEST_SUCCESS', { result: Number.NaN }),
      message('RPC_REQUEST_SUCCESS', { result: new Uint8Array(4) }),
      message('GET_CHAIN_ID_SUCCESS', { chainId: 1 }, 'x'.repeat(1_000_000)),
    ]
    for (const value of cases) expect(parseFrameIncoming(value).success).toBe(false)
    expect(parseFrameIncoming(message('GET_USER_SUCCESS', { address: 1 }))).toMatchObject({
      success: false,
      id,
      type: 'GET_USER_SUCCESS',
    })
  })
})

describe('checkFrameValue', () => {
  test('default', () => {
    expect(checkFrameValue({ a: [1, 'b', null, true, { c: undefined }] })).toBeUndefined()
    expect(checkFrameValue(nest(frameLimits.maxDepth - 1))).toBeUndefined()
    expect(checkFrameValue(nest(frameLimits.maxDepth + 1))).toMatch(/Nested deeper/)
    expect(checkFrameValue('x'.repeat(frameLimits.maxStringLength))).toBeUndefined()
    expect(checkFrameValue('x'.repeat(frameLimits.maxStringLength + 1))).toMatch(/longer/)
    expect(checkFrameValue({ ['k'.repeat(frameLimits.maxStringLength + 1)]: 1 })).toMatch(/key/)
    expect(checkFrameValue(Number.POSITIVE_INFINITY)).toMatch(/finite/)
    expect(checkFrameValue(1n)).toMatch(/bigint/)
    expect(checkFrameValue(() => {})).toMatch(/function/)
    expect(checkFrameValue(new Array(frameLimits.maxNodes + 1).fill(0))).toMatch(/More than/)
    expect(checkFrameValue(Object.create(null))).toBeUndefined()
  })

  test('property: never throws, and accepts any small JSON value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        checkFrameValue(value)
      }),
    )
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), (text) => {
        expect(checkFrameValue(JSON.parse(text))).toBeUndefined()
      }),
    )
  })
})

describe('property: parsers', () => {
  test('never throw on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withSet: true, withBigInt: true }), (value) => {
        parseFrameIncoming(value)
        parseFrameRequest(value)
      }),
      { numRuns: 2000 },
    )
  })

  test('valid requests survive a JSON round trip', () => {
    fc.assert(
      fc.property(fc.constantFrom(...frameRequestTypes), fc.uuid({ version: 4 }), (type, uuid) => {
        const value = message(type, validRequestPayloads[type], uuid)
        expect(parseFrameRequest(JSON.parse(JSON.stringify(value))).success).toBe(true)
      }),
    )
  })
})
