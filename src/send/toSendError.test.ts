import {
  createWalletClient,
  custom,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { TransactionFailedError } from '../errors/TransactionFailedError'
import { WalletConnectRequestExpiredError } from '../errors/WalletConnectRequestExpiredError'
import { toSendError } from './toSendError'

const from = privateKeyToAddress(`0x${'11'.repeat(32)}`)

/** What viem's own sendTransaction throws when the provider throws `thrown`. */
async function sendFailingWith(thrown: unknown): Promise<unknown> {
  const client = createWalletClient({
    account: from,
    chain: mainnet,
    transport: custom({
      async request({ method }) {
        if (method === 'eth_chainId') return '0x1'
        throw thrown
      },
    }),
  })
  return client
    .sendTransaction({
      to: from,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    )
}

describe('toSendError', () => {
  test('behavior: a Latchkey error viem wrapped is the error the send reports', async () => {
    const expired = new WalletConnectRequestExpiredError({
      method: 'eth_sendTransaction',
      timeout: 3_000,
    })
    const wrapped = await sendFailingWith(expired)
    expect(wrapped).toBeInstanceOf(TransactionExecutionError)
    const error = toSendError(wrapped)
    expect(error).toBe(expired)
    expect((error as WalletConnectRequestExpiredError).shortMessage).toBe(
      'The wallet did not answer eth_sendTransaction in time.',
    )
  })

  test('behavior: a rejection is a UserRejectedRequestError; anything else fails at stage send', async () => {
    expect(
      toSendError(await sendFailingWith({ code: 4001, message: 'User rejected.' })),
    ).toBeInstanceOf(UserRejectedRequestError)
    const other = toSendError(await sendFailingWith(new Error('socket hang up')))
    expect(other).toBeInstanceOf(TransactionFailedError)
    expect(other).toMatchObject({ stage: 'send' })
  })
})
