import fc from 'fast-check'
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { exceedsThreshold, readRequestMoves } from './tokenMoves'
import type { CanonicalRequest, CanonicalTypedData } from './types'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const other = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const limits = { [usdc.toLowerCase()]: 1_000_000_000n } // 1,000 USDC
const native = 10n ** 17n

const tx = (to: `0x${string}`, data: `0x${string}`, value = '0x0'): CanonicalRequest => ({
  method: 'eth_sendTransaction',
  chainId: 1,
  from: account,
  to,
  value: value as `0x${string}`,
  data,
})
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, amount] })
const approve = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
const extra = parseAbi([
  'function increaseAllowance(address spender, uint256 added)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function setApprovalForAll(address operator, bool approved)',
])

describe('exceedsThreshold', () => {
  test('default: a transfer of a listed token counts against its own threshold', () => {
    expect(exceedsThreshold(tx(usdc, transfer(1_000_000_000n)), native, limits)).toBe(false)
    expect(exceedsThreshold(tx(usdc, transfer(1_000_000_001n)), native, limits)).toBe(true)
  })

  test('behavior: any amount of a token without a threshold needs the factor; zero does not', () => {
    expect(exceedsThreshold(tx(other, transfer(1n)), native, limits)).toBe(true)
    expect(exceedsThreshold(tx(other, approve(0n)), native, limits)).toBe(false)
  })

  test('behavior: an unlimited approve, Permit2 approve or operator grant needs it, even for a listed token', () => {
    expect(exceedsThreshold(tx(usdc, approve(maxUint256)), native, limits)).toBe(true)
    const permit2Approve = encodeFunctionData({
      abi: extra,
      functionName: 'approve',
      args: [usdc, spender, 2n ** 160n - 1n, 0],
    })
    expect(readRequestMoves(tx(permit2, permit2Approve)).tokens).toEqual(
      new Map([[usdc.toLowerCase(), 'unlimited']]),
    )
    expect(exceedsThreshold(tx(permit2, permit2Approve), native, limits)).toBe(true)
    const all = (approved: boolean) =>
      encodeFunctionData({
        abi: extra,
        functionName: 'setApprovalForAll',
        args: [spender, approved],
      })
    expect(exceedsThreshold(tx(other, all(true)), native, limits)).toBe(true)
    expect(exceedsThreshold(tx(other, all(false)), native, limits)).toBe(false)
  })

  test('behavior: a batch adds its calls up per token; a short known call counts as unlimited', () => {
    const added = encodeFunctionData({
      abi: extra,
      functionName: 'increaseAllowance',
      args: [spender, 600_000_000n],
    })
    const batch: CanonicalRequest = {
      method: 'wallet_sendCalls',
      chainId: 1,
      from: account,
      calls: [
        { to: usdc, value: '0x0', data: transfer(500_000_000n) },
        { to: usdc, value: '0x0', data: added },
      ],
    } as unknown as CanonicalRequest
    expect(exceedsThreshold(batch, native, limits)).toBe(true)
    expect(
      exceedsThreshold(tx(usdc, transfer(5n).slice(0, 40) as `0x${string}`), native, limits),
    ).toBe(true)
  })

  test('behavior: native value above the threshold, and other calls are judged by value only', () => {
    expect(exceedsThreshold(tx(spender, '0x', `0x${(native + 1n).toString(16)}`), native, {})).toBe(
      true,
    )
    expect(exceedsThreshold(tx(usdc, '0xdeadbeef'), native, {})).toBe(false)
  })

  test('behavior: EIP-2612 and Permit2 signatures are allowances too', () => {
    const typed = (
      primaryType: string,
      message: CanonicalTypedData['typedData']['message'],
    ): CanonicalRequest => ({
      method: 'eth_signTypedData_v4',
      chainId: 1,
      account,
      typedData: { domain: { verifyingContract: usdc }, types: {}, primaryType, message },
    })
    expect(exceedsThreshold(typed('Permit', { value: '1000' }), native, limits)).toBe(false)
    expect(
      exceedsThreshold(typed('Permit', { value: maxUint256.toString() }), native, limits),
    ).toBe(true)
    expect(exceedsThreshold(typed('Permit', { allowed: true }), native, limits)).toBe(true)
    const single = typed('PermitSingle', { details: { token: usdc, amount: '2000000000' } })
    expect(exceedsThreshold(single, native, limits)).toBe(true)
    const batch = typed('PermitBatchTransferFrom', {
      permitted: [
        { token: usdc, amount: '10' },
        { token: other, amount: '1' },
      ],
    })
    expect(exceedsThreshold(batch, native, limits)).toBe(true)
    expect(exceedsThreshold(typed('Mail', { value: '9'.repeat(70) }), native, limits)).toBe(false)
  })

  test('property: a transfer needs the factor exactly when it is above the token threshold', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 158n }), (amount) => {
        expect(exceedsThreshold(tx(usdc, transfer(amount)), native, limits)).toBe(
          amount > 1_000_000_000n,
        )
      }),
    )
  })

  test('property: arbitrary calldata never throws', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, known) => {
        const body = Buffer.from(bytes).toString('hex')
        const data = `0x${known ? 'a9059cbb' : ''}${body}` as `0x${string}`
        expect(typeof exceedsThreshold(tx(usdc, data), native, limits)).toBe('boolean')
      }),
    )
  })
})
