import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { startChainDataStandIn } from '../../../test/ui/chainDataStandIn'
import { openSend, view } from '../../../test/ui/openSend'
import {
  scriptedSendChain as chain,
  sentHash as hash,
  sendReceiver as receiver,
} from '../../../test/ui/scriptedSendChain'

const hex = (value: bigint) => `0x${value.toString(16)}`

describe('WalletSend views', () => {
  test('default: Account → Send shows the chain’s currency, its balance and the first rule', async () => {
    await openSend({ transport: chain().transport })
    expect(screen.getByRole('dialog', { name: 'Send' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('send-token').textContent).toBe('ETH'))
    await waitFor(() =>
      expect(screen.getByTestId('send-balance').textContent).toBe('Balance: 10000.000 ETH'),
    )
    expect(screen.getByTestId('send-rule').textContent).toBe(
      'An amount and receiver address are required',
    )
    expect((screen.getByTestId('send-preview') as HTMLButtonElement).disabled).toBe(true)
  })

  test('behavior: on chain 56 the form is in BNB, and switching network resets it (SPEC §4)', async () => {
    const { wallet } = await openSend({ transport: chain().transport })
    await waitFor(() => expect(screen.getByTestId('send-balance').textContent).toContain('ETH'))
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '3' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: receiver } })
    act(() => wallet.setChain(56))
    await waitFor(() => expect(screen.getByTestId('send-token').textContent).toBe('BNB'))
    await waitFor(() =>
      expect(screen.getByTestId('send-balance').textContent).toBe('Balance: 10000.000 BNB'),
    )
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('dialog').textContent).not.toContain('ETH')
  })

  test('error: an invalid receiver says "Invalid address" once the 500 ms debounce settles', async () => {
    await openSend({ transport: chain().transport })
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '0x1234' } })
    // not while typing
    await new Promise((done) => setTimeout(done, 300))
    expect(screen.queryByTestId('send-receiver-error')).toBeNull()
    const error = await screen.findByRole('alert')
    expect(error.textContent).toBe('Invalid address')
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true')
    expect((screen.getByTestId('send-preview') as HTMLButtonElement).disabled).toBe(true)
  })

  test('behavior: a name resolves through the data server; the receiver shows the name and its avatar', async () => {
    const server = await startChainDataStandIn()
    try {
      server.routes.balance = () => ({ body: { balances: [], unavailable: [] } })
      server.routes.names = (_, name) => ({
        body:
          name === 'alice.eth'
            ? {
                supported: true,
                name,
                address: receiver.toLowerCase(),
                avatar: 'https://images.test/alice.png',
              }
            : { supported: true, name, address: null, avatar: null },
      })
      // the address has no primary name: the avatar shown is the name's own
      server.routes.identity = (_, address) => ({
        body: { supported: true, address, name: null, avatar: null },
      })
      await openSend({ transport: chain().transport, options: { chainData: { url: server.url } } })
      fireEvent.change(screen.getByLabelText('To'), { target: { value: 'alice.eth' } })
      const resolved = await screen.findByTestId('send-receiver-resolved', {}, { timeout: 3_000 })
      expect(resolved.textContent).toBe('alice.eth · 0x70…dc79C8')
      const avatar = await waitFor(() => {
        const image = document.querySelector('img[data-lk-send-avatar]')
        expect(image).not.toBeNull()
        return image as HTMLImageElement
      })
      expect(avatar.getAttribute('src')).toBe('https://images.test/alice.png')
      expect(server.requests).toContain('names?chainId=1')
    } finally {
      await server.close()
    }
  })

  test('error: more than the balance is "Insufficient funds"', async () => {
    await openSend({ transport: chain().transport })
    await waitFor(() => expect(screen.getByTestId('send-balance').textContent).toContain('10000'))
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10001' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: receiver } })
    await waitFor(() =>
      expect(screen.getByTestId('send-rule').textContent).toBe('Insufficient funds'),
    )
    expect(screen.getByTestId('send-rule').getAttribute('role')).toBe('alert')
  })

  test('behavior: Max keeps the network fee back for the native currency', async () => {
    await openSend({ transport: chain().transport })
    const max = screen.getByTestId('send-max') as HTMLButtonElement
    await waitFor(() => expect(max.disabled).toBe(false))
    fireEvent.click(max)
    // 10000 ETH less 21000 gas at 1 gwei
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('9999.999979')
  })

  test('behavior: Select a token lists the currency with its balance; search filters; picking goes back', async () => {
    await openSend({ transport: chain().transport })
    fireEvent.click(screen.getByTestId('send-token'))
    await waitFor(() => expect(view()).toBe('WalletSendSelectToken'))
    const list = await screen.findByTestId('send-token-list')
    await waitFor(() =>
      expect(within(list).getByTestId('send-token-native').textContent).toContain('10000.000'),
    )
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tokens' }), {
      target: { value: 'usdt' },
    })
    expect(screen.getByText('No tokens match')).toBeTruthy()
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tokens' }), {
      target: { value: 'eth' },
    })
    fireEvent.click(screen.getByTestId('send-token-native'))
    await waitFor(() => expect(view()).toBe('WalletSend'))
  })

  test('behavior: preview with the network fee; confirmed only once a receipt comes; recorded in Activity', async () => {
    const { state, transport } = chain()
    const { wallet } = await openSend({ transport })
    const request = wallet.provider.request
    const sent: unknown[] = []
    wallet.provider.request = async (args) => {
      if (args.method !== 'eth_sendTransaction') return request(args)
      sent.push(args.params)
      return hash
    }
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.5' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: receiver.toLowerCase() } })
    const preview = screen.getByTestId('send-preview') as HTMLButtonElement
    await waitFor(() => expect(preview.disabled).toBe(false), { timeout: 3_000 })
    fireEvent.click(preview)
    await waitFor(() => expect(view()).toBe('WalletSendPreview'))
    expect(screen.getByRole('dialog', { name: 'Review send' })).toBeTruthy()
    expect(screen.getByTestId('send-preview-amount').textContent).toBe('0.5 ETH')
    expect(screen.getByTestId('send-preview-to').textContent).toBe('0x70…dc79C8')
    expect(screen.getByTestId('send-fee').textContent).toBe('0.000021 ETH')

    fireEvent.click(screen.getByTestId('send-confirm'))
    const status = screen.getByTestId('send-status')
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('pending'))
    expect(status.textContent).toBe('Waiting for confirmation…')
    expect(sent).toEqual([
      [
        expect.objectContaining({
          from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          to: receiver,
          value: hex(5n * 10n ** 17n),
          gas: hex(21_000n),
        }),
      ],
    ])
    await waitFor(() => expect(screen.getByTestId('activity').textContent).toBe(`${hash}:pending`))
    // no receipt yet: still pending however long it waits
    await act(() => new Promise((done) => setTimeout(done, 500)))
    expect(status.getAttribute('data-state')).toBe('pending')

    state.outcome = 'success'
    state.block += 1n
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('confirmed'), {
      timeout: 10_000,
    })
    expect(status.textContent).toBe('Sent')
    await waitFor(() =>
      expect(screen.getByTestId('activity').textContent).toBe(`${hash}:confirmed`),
    )
    fireEvent.click(screen.getByTestId('send-again'))
    await waitFor(() => expect(view()).toBe('WalletSend'))
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('')
  }, 20_000)

  test('error: a send rejected in the wallet says "Transaction declined" and keeps the form', async () => {
    const { wallet } = await openSend({ transport: chain().transport })
    wallet.faults.eth_sendTransaction = 'reject'
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: receiver } })
    const preview = screen.getByTestId('send-preview') as HTMLButtonElement
    await waitFor(() => expect(preview.disabled).toBe(false), { timeout: 3_000 })
    fireEvent.click(preview)
    await waitFor(() => expect(view()).toBe('WalletSendPreview'))
    fireEvent.click(screen.getByTestId('send-confirm'))
    const error = await screen.findByTestId('send-error')
    expect(error.textContent).toBe('Transaction declined')
    expect(screen.getByTestId('send-status').getAttribute('data-state')).toBe('editing')
    expect((screen.getByTestId('send-confirm') as HTMLButtonElement).disabled).toBe(false)
  })
})
