import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { openSend, view } from '../../../test/ui/openSend'
import {
  replacementHash,
  scriptedSendChain,
  sendReceiver,
  sentHash,
} from '../../../test/ui/scriptedSendChain'

/** Sends 0.5 ETH from the form; the wallet answers `sentHash`. Returns the status element. */
async function sendHalfEther(chain: ReturnType<typeof scriptedSendChain>) {
  const { wallet } = await openSend({ transport: chain.transport })
  const request = wallet.provider.request
  wallet.provider.request = async (args) =>
    args.method === 'eth_sendTransaction' ? sentHash : request(args)
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.5' } })
  fireEvent.change(screen.getByLabelText('To'), { target: { value: sendReceiver } })
  const preview = screen.getByTestId('send-preview') as HTMLButtonElement
  await waitFor(() => expect(preview.disabled).toBe(false), { timeout: 10_000 })
  fireEvent.click(preview)
  await waitFor(() => expect(view()).toBe('WalletSendPreview'))
  fireEvent.click(screen.getByTestId('send-confirm'))
  const status = screen.getByTestId('send-status')
  await waitFor(() => expect(status.getAttribute('data-state')).toBe('pending'))
  await waitFor(() =>
    expect(screen.getByTestId('activity').textContent).toBe(`${sentHash}:pending`),
  )
  return status
}

describe('WalletSendPreview status', () => {
  test('error: a reverted receipt shows "Transaction failed", and Activity lists the send as failed', async () => {
    const chain = scriptedSendChain()
    const status = await sendHalfEther(chain)
    act(() => {
      chain.state.outcome = 'reverted'
      chain.state.block += 1n
    })
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'), {
      timeout: 10_000,
    })
    expect(status.textContent).toBe('Transaction failed')
    expect(status.querySelector('[data-tone="error"]')).not.toBeNull()
    await waitFor(() =>
      expect(screen.getByTestId('activity').textContent).toBe(`${sentHash}:failed`),
    )
    // finished: Done and New send, no Send button left to press twice
    expect(screen.getByTestId('send-done')).toBeTruthy()
    expect(screen.queryByTestId('send-confirm')).toBeNull()
    expect(screen.getByTestId('send-explorer').getAttribute('href')).toBe(
      `https://etherscan.io/tx/${sentHash}`,
    )
  }, 20_000)

  test('error: a transaction replaced in the wallet shows "Transaction replaced", never "Sent"', async () => {
    const chain = scriptedSendChain()
    const status = await sendHalfEther(chain)
    act(() => {
      chain.state.outcome = 'replaced'
      chain.state.block += 1n
    })
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('replaced'), {
      timeout: 10_000,
    })
    expect(status.textContent).toBe('Transaction replaced')
    expect(status.textContent).not.toContain('Sent')
    await waitFor(() =>
      expect(screen.getByTestId('activity').textContent).toBe(`${sentHash}:failed`),
    )
    expect(screen.getByTestId('activity').textContent).not.toContain(replacementHash)
    fireEvent.click(screen.getByTestId('send-again'))
    await waitFor(() => expect(view()).toBe('WalletSend'))
  }, 20_000)
})
