import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { UserRejectedRequestError } from 'viem'
import { beforeEach, describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { scriptedSendChain, sendReceiver, sentHash } from '../../test/ui/scriptedSendChain'
import { ConnectButton } from '../ConnectButton'
import { useActivity } from './useActivity'
import { type UseSendReturnType, useSend } from './useSend'

type Result = { send: UseSendReturnType; activity: string[] }

function Probe({ results }: { results: Result[] }) {
  const send = useSend()
  const { transactions } = useActivity()
  results.push({ send, activity: transactions.map((tx) => `${tx.id}:${tx.metadata.status}`) })
  return null
}

/** Renders the hook (no modal view) beside the button and connects the test wallet. */
async function renderSend(chain = scriptedSendChain()) {
  const results: Result[] = []
  const rendered = renderLatchkey(
    <>
      <ConnectButton />
      <Probe results={results} />
    </>,
    { transport: chain.transport },
  )
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await screen.findByTestId('account-button')
  const latest = () => (results.at(-1) as Result).send
  await waitFor(() => expect(latest().nativeToken).toBeDefined())
  return { ...rendered, chain, latest, activity: () => (results.at(-1) as Result).activity }
}

/** Fills the form with the chain's own currency, `amount` and `receiver`. */
async function fill(latest: () => UseSendReturnType, amount: string, receiver: string) {
  act(() => {
    const { nativeToken, selectToken } = latest()
    if (nativeToken) selectToken(nativeToken)
    latest().setAmount(amount)
    latest().setReceiver(receiver)
  })
}

// the modal's sends are kept in sessionStorage (the activity without a data server)
beforeEach(() => sessionStorage.clear())

describe('useSend', () => {
  test('default: the native currency, its balance, the fee; send() settles on the receipt and resets the form', async () => {
    const { latest, chain, activity, wallet } = await renderSend()
    expect(latest().nativeToken).toEqual({ symbol: 'ETH', name: 'Ether', decimals: 18 })
    const request = wallet.provider.request
    wallet.provider.request = async (args) =>
      args.method === 'eth_sendTransaction' ? sentHash : request(args)
    await fill(latest, '0.5', sendReceiver.toLowerCase())
    expect(latest().violation?.rule).toBeUndefined()
    expect(latest().receiver.status).toBe('typing')
    // checked 500 ms after the last keystroke, then the fee for this transfer
    await waitFor(() => expect(latest().ready).toBe(true), { timeout: 3_000 })
    expect(latest().receiver).toEqual({ status: 'valid', address: sendReceiver })
    expect(latest().tokenBalance).toBe(10_000n * 10n ** 18n)
    expect(latest().fee).toMatchObject({ gas: 21_000n, maxFeePerGas: 10n ** 9n })

    let settled: Promise<`0x${string}` | undefined> | undefined
    act(() => {
      settled = latest().send()
    })
    await waitFor(() => expect(latest().status).toBe('pending'))
    expect(latest().isPending).toBe(true)
    expect(latest().sent).toMatchObject({ hash: sentHash, amount: '0.5', to: sendReceiver })
    await waitFor(() => expect(activity()).toEqual([`${sentHash}:pending`]))

    act(() => {
      chain.state.outcome = 'success'
      chain.state.block += 1n
    })
    expect(await settled).toBe(sentHash)
    await waitFor(() => expect(latest().status).toBe('confirmed'))
    expect(latest().isPending).toBe(false)
    expect([latest().amount, latest().receiverInput]).toEqual(['', ''])
    await waitFor(() => expect(activity()).toEqual([`${sentHash}:confirmed`]))
    act(() => latest().dismiss())
    expect(latest().status).toBe('editing')
  }, 20_000)

  test('behavior: the first broken rule is `violation`; a name with no data server is not found', async () => {
    const { latest } = await renderSend()
    await fill(latest, '10001', sendReceiver)
    await waitFor(() => expect(latest().violation?.rule).toBe('insufficientFunds'), {
      timeout: 3_000,
    })
    expect(latest().ready).toBe(false)
    act(() => {
      latest().setAmount('1')
      latest().setReceiver('alice.eth')
    })
    await waitFor(() =>
      expect(latest().receiver).toEqual({ status: 'invalid', rule: 'nameNotFound' }),
    )
    expect(latest().violation?.shortMessage).toBe('No address found for this name')
    expect(latest().ready).toBe(false)
  })

  test('behavior: on chain 56 the native token is BNB, and the form starts again', async () => {
    const { latest, wallet } = await renderSend()
    await fill(latest, '3', sendReceiver)
    act(() => wallet.setChain(56))
    await waitFor(() => expect(latest().nativeToken?.symbol).toBe('BNB'))
    await waitFor(() => expect([latest().amount, latest().receiverInput]).toEqual(['', '']))
  })

  test('error: a send declined in the wallet is a UserRejectedRequestError; nothing is recorded', async () => {
    const { latest, wallet, activity } = await renderSend()
    wallet.faults.eth_sendTransaction = 'reject'
    await fill(latest, '1', sendReceiver)
    await waitFor(() => expect(latest().ready).toBe(true), { timeout: 3_000 })
    let result: `0x${string}` | undefined = sentHash
    await act(async () => {
      result = await latest().send()
    })
    expect(result).toBeUndefined()
    expect(latest().status).toBe('editing')
    expect(latest().error).toBeInstanceOf(UserRejectedRequestError)
    expect(latest().amount).toBe('1')
    expect(activity()).toEqual([])
  })
})
