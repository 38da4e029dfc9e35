import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { ConnectButton } from '../ConnectButton'
import { type UseReceiveReturnType, useReceive } from './useReceive'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function Probe({ results }: { results: UseReceiveReturnType[] }) {
  results.push(useReceive())
  return null
}

/** Renders the hook beside the button; `latest()` is its last result. */
function renderReceive() {
  const results: UseReceiveReturnType[] = []
  renderLatchkey(
    <>
      <ConnectButton />
      <Probe results={results} />
    </>,
  )
  return () => results.at(-1) as UseReceiveReturnType
}

/** Connects the test wallet through the modal and closes it. */
async function connect() {
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await screen.findByTestId('account-button')
}

const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })

afterEach(() => vi.restoreAllMocks())

describe('useReceive', () => {
  test('default: the checksummed address, the QR text and the networks of the app', async () => {
    const latest = renderReceive()
    expect(latest()).toMatchObject({ address: undefined, qrValue: undefined })
    await connect()
    await waitFor(() => expect(latest().address).toBe(address))
    expect(latest().qrValue).toBe(address)
    expect(latest().status).toBe('connected')
    expect(latest().networks).toEqual([
      expect.objectContaining({ chainId: 1, caipNetworkId: 'eip155:1', name: 'Ethereum' }),
      expect.objectContaining({ chainId: 56, caipNetworkId: 'eip155:56', name: 'BNB Smart Chain' }),
    ])
  })

  test('behavior: copy puts the address on the clipboard and says it did', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    stubClipboard(writeText)
    const latest = renderReceive()
    await connect()
    await waitFor(() => expect(latest().address).toBe(address))
    let copied: boolean | undefined
    await act(async () => {
      copied = await latest().copy()
    })
    expect(copied).toBe(true)
    expect(writeText).toHaveBeenCalledWith(address)
    expect(latest().copyStatus).toBe('copied')
  })

  test('error: a refused clipboard, or no address, is a failed copy', async () => {
    stubClipboard(vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')))
    const latest = renderReceive()
    let copied: boolean | undefined
    await act(async () => {
      copied = await latest().copy()
    })
    // Not connected: nothing to copy.
    expect(copied).toBe(false)
    expect(latest().copyStatus).toBe('idle')
    await connect()
    await waitFor(() => expect(latest().address).toBe(address))
    await act(async () => {
      copied = await latest().copy()
    })
    expect(copied).toBe(false)
    expect(latest().copyStatus).toBe('failed')
  })

  test('error: outside WagmiProvider, the error of wagmi says what is missing', () => {
    expect(() => renderHook(() => useReceive())).toThrowError(/WagmiProvider/)
  })
})
