import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  allowedRpcMethods,
  approvalRpcMethods,
  frameRpcPayloadSchema,
  isAllowedRpcMethod,
  isSafeRpcMethod,
  rpcMethodNeedsApproval,
  safeRpcMethods,
} from './frameRpc'

describe('RPC method lists', () => {
  test('default: SPEC §6 approval methods are not safe', () => {
    for (const method of approvalRpcMethods) {
      expect(isSafeRpcMethod(method)).toBe(false)
      expect(rpcMethodNeedsApproval(method)).toBe(true)
    }
    for (const method of safeRpcMethods) expect(rpcMethodNeedsApproval(method)).toBe(false)
  })

  test('default: SPEC §7 allowed methods', () => {
    for (const method of [
      'eth_getBalance',
      'eth_call',
      'eth_sendRawTransaction',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ])
      expect(isAllowedRpcMethod(method)).toBe(true)
    expect(allowedRpcMethods).toHaveLength(safeRpcMethods.length + approvalRpcMethods.length - 1)
  })

  test('behavior: refused methods, exact names only', () => {
    for (const method of [
      'eth_sign',
      'eth_signTypedData',
      'eth_sendUserOperation',
      'personal_sign ',
      'PERSONAL_SIGN',
      'eth_call_x',
      'wallet_',
      '',
      'toString',
      '__proto__',
      undefined,
      1,
      null,
    ]) {
      expect(isAllowedRpcMethod(method)).toBe(false)
      expect(isSafeRpcMethod(method)).toBe(false)
    }
  })

  test('property: safe ⊂ allowed, and never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        if (isSafeRpcMethod(value)) expect(isAllowedRpcMethod(value)).toBe(true)
      }),
    )
  })
})

describe('Solana params', () => {
  const ok = (method: string, params: unknown) =>
    frameRpcPayloadSchema.safeParse({ method, params }).success
  test('default: SPEC §7 shapes, and an optional cluster on the transaction methods', () => {
    expect(ok('solana_signMessage', { message: '2NEpo7TZRRrLZSi2U', pubkey: 'x' })).toBe(true)
    expect(ok('solana_signTransaction', { transaction: 'AQ==' })).toBe(true)
    expect(ok('solana_signTransaction', { transaction: 'AQ==', chain: 'solana:devnet' })).toBe(true)
    expect(
      ok('solana_signAllTransactions', { transactions: ['AQ=='], chain: 'solana:devnet' }),
    ).toBe(true)
    expect(
      ok('solana_signAndSendTransaction', {
        transaction: 'AQ==',
        options: { skipPreflight: true },
        chain: 'solana:localnet',
      }),
    ).toBe(true)
  })

  test('error: extra fields, a message with a cluster, an empty transaction', () => {
    expect(ok('solana_signMessage', { message: 'a', pubkey: 'b', chain: 'solana:devnet' })).toBe(
      false,
    )
    expect(ok('solana_signTransaction', { transaction: 'AQ==', extra: 1 })).toBe(false)
    expect(ok('solana_signTransaction', { transaction: '' })).toBe(false)
    expect(ok('solana_signTransaction', { transaction: 'AQ==', chain: 'x'.repeat(65) })).toBe(false)
  })
})
