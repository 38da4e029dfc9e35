import fc from 'fast-check'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { BaseError } from '../errors/base'
import { sendRuleMessages } from '../errors/SendValidationError'
import { sendFeeKey } from '../send/checkSend'
import { formatBaseUnits } from '../send/formatBaseUnits'
import { initialSendState, sendReducer } from './send'
import type { SendEvent, SendState, SendToken } from './sendTypes'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: SendToken = { symbol: 'ETH', name: 'Ether', decimals: 18 }
const usdt: SendToken = {
  address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  symbol: 'USDT',
  name: 'Tether USD',
  decimals: 6,
}
const gwei = 10n ** 9n
const hash = `0x${'ab'.repeat(32)}` as const

const run = (events: SendEvent[], state = initialSendState()) => events.reduce(sendReducer, state)

const connected = (): SendState =>
  run([{ type: 'accountChanged', account: { address: from, chainId: 1, namespace: 'eip155' } }])

/** A form filled in and settled, with balances and the fee caps read. */
function filled(token: SendToken, amount: string, balances: { token: bigint; native: bigint }) {
  let state = run(
    [
      { type: 'tokenSelected', token },
      { type: 'amountChanged', amount },
      { type: 'receiverChanged', input: to },
    ],
    connected(),
  )
  state = run(
    [
      { type: 'receiverSettled', receiverId: state.receiverId },
      { type: 'balancesRead', chainId: 1, native: balances.native },
      ...(token.address
        ? [{ type: 'balancesRead', chainId: 1, token: balances.token } as const]
        : []),
      { type: 'feeRead', fee: { gas: 21_000n, maxFeePerGas: 2n * gwei, estimated: false } },
    ],
    state,
  )
  return state
}

function estimated(state: SendState, gas = 21_000n): SendState {
  return sendReducer(state, {
    type: 'feeRead',
    key: sendFeeKey(state),
    fee: { gas, maxFeePerGas: 2n * gwei, estimated: true },
  })
}

describe('sendReducer', () => {
  test('default: an empty form breaks the first SPEC §5 rule and cannot be sent', () => {
    const state = initialSendState()
    expect(state.status).toBe('editing')
    expect(state.ready).toBe(false)
    expect(state.violation?.shortMessage).toBe('An amount and receiver address are required')
    expect(state.violation?.name).toBe('SendValidationError')
    expect(state.violation).toBeInstanceOf(BaseError)
  })

  test('default: the rule messages (SPEC §5 words for the first three)', () => {
    expect(sendRuleMessages).toMatchInlineSnapshot(`
      {
        "amountAndReceiverRequired": "An amount and receiver address are required",
        "insufficientFunds": "Insufficient funds",
        "insufficientFundsForFee": "Insufficient funds for the network fee",
        "invalidAddress": "Invalid address",
        "invalidAmount": "Invalid amount",
        "nameNotFound": "No address found for this name",
        "tokenRequired": "A token is required",
        "unsupportedChain": "Unsupported chain",
      }
    `)
  })

  test('behavior: the rules in SPEC order: amount and receiver, then token, then chain', () => {
    let state = connected()
    expect(state.violation?.rule).toBe('amountAndReceiverRequired')
    state = sendReducer(state, { type: 'amountChanged', amount: '1' })
    expect(state.violation?.rule).toBe('amountAndReceiverRequired')
    state = sendReducer(state, { type: 'receiverChanged', input: to })
    expect(state.violation?.shortMessage).toBe('A token is required')
    state = sendReducer(state, { type: 'tokenSelected', token: eth })
    expect(state.violation).toBeUndefined()
    const bitcoin = sendReducer(state, {
      type: 'accountChanged',
      account: { address: from, chainId: 1, namespace: 'bip122' },
    })
    expect(bitcoin.violation?.shortMessage).toBe('Unsupported chain')
  })

  test('behavior: the receiver is checked only when the 500 ms debounce settles, for the latest edit', () => {
    let state = run(
      [
        { type: 'tokenSelected', token: eth },
        { type: 'amountChanged', amount: '1' },
        { type: 'receiverChanged', input: 'nope' },
      ],
      connected(),
    )
    expect(state.receiver).toEqual({ status: 'typing' })
    const stale = state.receiverId
    state = sendReducer(state, { type: 'receiverChanged', input: 'still nope' })
    expect(sendReducer(state, { type: 'receiverSettled', receiverId: stale })).toBe(state)
    state = sendReducer(state, { type: 'receiverSettled', receiverId: state.receiverId })
    expect(state.receiver).toEqual({ status: 'invalid', rule: 'invalidAddress' })
    expect(state.violation?.shortMessage).toBe('Invalid address')
    state = run([{ type: 'receiverChanged', input: to.toLowerCase() }], state)
    state = sendReducer(state, { type: 'receiverSettled', receiverId: state.receiverId })
    expect(state.receiver).toEqual({ status: 'valid', address: to })
  })

  test('behavior: a name resolves to its address and avatar; an unknown one says so; late answers are dropped', () => {
    let state = run([{ type: 'receiverChanged', input: 'Alice.eth' }], connected())
    state = sendReducer(state, { type: 'receiverSettled', receiverId: state.receiverId })
    expect(state.receiver).toEqual({ status: 'resolving', name: 'alice.eth' })
    const id = state.receiverId
    const found = sendReducer(state, {
      type: 'receiverResolved',
      receiverId: id,
      address: to,
      avatar: 'https://example.com/a.png',
    })
    expect(found.receiver).toEqual({ status: 'valid', address: to, name: 'alice.eth' })
    expect(found.receiverAvatar).toBe('https://example.com/a.png')
    const missing = sendReducer(state, { type: 'receiverResolved', receiverId: id, address: null })
    // no amount yet: the "required" rule comes first
    expect(missing.violation?.rule).toBe('amountAndReceiverRequired')
    expect(missing.receiver).toEqual({ status: 'invalid', rule: 'nameNotFound' })
    const edited = sendReducer(state, { type: 'receiverChanged', input: 'bob.eth' })
    expect(sendReducer(edited, { type: 'receiverResolved', receiverId: id, address: to })).toBe(
      edited,
    )
  })

  test('error: more than the balance is "Insufficient funds"; too little left for the fee says so', () => {
    const over = filled(usdt, '10.5', { token: 10_000_000n, native: 10n ** 18n })
    expect(over.violation?.shortMessage).toBe('Insufficient funds')
    const exact = filled(usdt, '10', { token: 10_000_000n, native: 10n ** 18n })
    expect(exact.violation).toBeUndefined()
    // an ERC-20 send pays its fee in the native currency: none left → the fee rule
    const noGas = filled(usdt, '10', { token: 10_000_000n, native: 0n })
    expect(noGas.violation?.shortMessage).toBe('Insufficient funds for the network fee')
    // the native currency pays amount and fee from one balance
    const all = filled(eth, '1', { token: 10n ** 18n, native: 10n ** 18n })
    expect(all.violation?.rule).toBe('insufficientFundsForFee')
  })

  test('error: an amount that is not a number, or has more decimals than the token, is invalid', () => {
    expect(
      filled(usdt, '1.0000001', { token: 10n ** 9n, native: 10n ** 18n }).violation?.rule,
    ).toBe('invalidAmount')
    expect(filled(eth, '1e3', { token: 0n, native: 10n ** 18n }).violation?.rule).toBe(
      'invalidAmount',
    )
  })

  test('behavior: Max keeps the network fee back for the native currency, not for a token', () => {
    const native = sendReducer(filled(eth, '', { token: 0n, native: 10n ** 18n }), {
      type: 'maxRequested',
    })
    expect(native.amount).toBe(formatBaseUnits(10n ** 18n - 21_000n * 2n * gwei, 18))
    expect(native.amount).toBe('0.999958')
    const withEstimate = estimated(native)
    expect(withEstimate.violation).toBeUndefined()
    expect(withEstimate.ready).toBe(true)
    const token = sendReducer(filled(usdt, '', { token: 1_234_567n, native: 10n ** 18n }), {
      type: 'maxRequested',
    })
    expect(token.amount).toBe('1.234567')
  })

  test('behavior: ready only with an estimate for this very transfer', () => {
    const state = filled(eth, '0.5', { token: 10n ** 18n, native: 10n ** 18n })
    expect(state.ready).toBe(false)
    const stale = sendReducer(state, {
      type: 'feeRead',
      key: 'another transfer',
      fee: { gas: 21_000n, maxFeePerGas: gwei, estimated: true },
    })
    expect(stale).toBe(state)
    const ready = estimated(state)
    expect(ready.ready).toBe(true)
    const changed = sendReducer(ready, { type: 'amountChanged', amount: '0.25' })
    expect(changed.ready).toBe(false)
    expect(estimated(changed).ready).toBe(true)
  })

  test('behavior: success is a receipt: sending → pending (hash) → confirmed, then the form is reset', () => {
    let state = estimated(filled(usdt, '2.5', { token: 10_000_000n, native: 10n ** 18n }))
    state = sendReducer(state, { type: 'sendRequested' })
    expect(state.status).toBe('sending')
    expect(sendReducer(state, { type: 'amountChanged', amount: '9' })).toBe(state)
    state = sendReducer(state, { type: 'submitted', hash })
    expect(state.status).toBe('pending')
    expect(state.sent).toEqual({
      hash,
      token: usdt,
      amount: '2.5',
      to,
      toName: undefined,
      fee: 21_000n * 2n * gwei,
    })
    // a receipt for another transaction changes nothing
    expect(
      sendReducer(state, { type: 'receipt', hash: `0x${'cd'.repeat(32)}`, status: 'success' }),
    ).toBe(state)
    state = sendReducer(state, { type: 'receipt', hash, status: 'success' })
    expect(state.status).toBe('confirmed')
    expect(state.sent?.hash).toBe(hash)
    expect([state.amount, state.receiverInput, state.receiver.status]).toEqual(['', '', 'empty'])
    expect(state.token).toEqual(usdt)
    state = sendReducer(state, { type: 'dismissed' })
    expect([state.status, state.sent]).toEqual(['editing', undefined])
  })

  test('error: a reverted or replaced transaction ends failed or replaced, the form kept', () => {
    const pending = run(
      [{ type: 'sendRequested' }, { type: 'submitted', hash }],
      estimated(filled(eth, '0.1', { token: 10n ** 18n, native: 10n ** 18n })),
    )
    const error = new BaseError('The transaction failed')
    const failed = sendReducer(pending, { type: 'receipt', hash, status: 'reverted', error })
    expect([failed.status, failed.error, failed.amount]).toEqual(['failed', error, '0.1'])
    const replaced = sendReducer(pending, { type: 'replaced', hash, error })
    expect(replaced.status).toBe('replaced')
  })

  test('error: a rejection in the wallet goes back to the form with the error', () => {
    const sending = sendReducer(
      estimated(filled(eth, '0.1', { token: 10n ** 18n, native: 10n ** 18n })),
      { type: 'sendRequested' },
    )
    const rejected = new UserRejectedRequestError(new Error('User rejected'))
    const state = sendReducer(sending, { type: 'sendFailed', error: rejected })
    expect([state.status, state.error, state.ready]).toEqual(['editing', rejected, true])
  })

  test('behavior: sendRequested is refused while the form breaks a rule', () => {
    const state = filled(usdt, '99', { token: 1n, native: 10n ** 18n })
    expect(sendReducer(state, { type: 'sendRequested' })).toBe(state)
  })

  test('behavior: switching network or account resets the send form (SPEC §4)', () => {
    const state = estimated(filled(eth, '0.1', { token: 10n ** 18n, native: 10n ** 18n }))
    const bsc = sendReducer(state, {
      type: 'accountChanged',
      account: { address: from, chainId: 56, namespace: 'eip155' },
    })
    expect([bsc.token, bsc.amount, bsc.receiverInput, bsc.fee, bsc.nativeBalance]).toEqual([
      undefined,
      '',
      '',
      undefined,
      undefined,
    ])
    // a balance read for the old chain arriving late is dropped
    expect(sendReducer(bsc, { type: 'balancesRead', chainId: 1, native: 5n })).toBe(bsc)
  })

  test('behavior: whatever the events, ready means no rule broken and a valid receiver (fast-check)', () => {
    const event: fc.Arbitrary<SendEvent> = fc.oneof(
      fc.constantFrom<SendEvent>(
        { type: 'tokenSelected', token: eth },
        { type: 'tokenSelected', token: usdt },
        { type: 'maxRequested' },
        { type: 'sendRequested' },
        { type: 'dismissed' },
        { type: 'reset' },
        { type: 'balancesRead', chainId: 1, native: 10n ** 18n, token: 5_000_000n },
        { type: 'feeRead', fee: { gas: 21_000n, maxFeePerGas: gwei, estimated: false } },
        { type: 'submitted', hash },
        { type: 'receipt', hash, status: 'success' },
      ),
      fc.string({ maxLength: 8 }).map((amount): SendEvent => ({ type: 'amountChanged', amount })),
      fc
        .constantFrom(to, 'alice.eth', 'nope', '')
        .map((input): SendEvent => ({ type: 'receiverChanged', input })),
      fc.nat(20).map((receiverId): SendEvent => ({ type: 'receiverSettled', receiverId })),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = connected()
        for (const next of events) {
          state = sendReducer(state, next)
          if (next.type === 'feeRead' || next.type === 'amountChanged') state = estimated(state)
          if (state.ready) {
            expect(state.violation).toBeUndefined()
            expect(state.receiver.status).toBe('valid')
          }
          if (state.status === 'pending') expect(state.sent?.hash).toBe(hash)
        }
      }),
    )
  })
})
