import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { decodeQr } from '../../../test/harness/decodeQr'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function openAccount(parameters: Parameters<typeof renderLatchkey>[1] = {}) {
  const rendered = renderLatchkey(<ConnectButton />, parameters)
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  const account = await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.click(account)
  await screen.findByTestId('account-address')
  return rendered
}

/** The dark modules of the drawn SVG, read back from its path (`M x y h w v1 h -w z` runs). */
function modulesOf(svg: SVGSVGElement): boolean[][] {
  const box = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const margin = 2
  const size = box - margin * 2
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const path = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-?\d+z/g))
    for (let i = 0; i < Number(w); i++) {
      const row = modules[Number(y) - margin]
      if (row) row[Number(x) - margin + i] = true
    }
  return modules
}

describe('Receive view', () => {
  test('default: Account → Receive shows the address as a QR code and text, and the networks', async () => {
    await openAccount()
    const receive = screen.getByRole('button', { name: 'Receive' })
    fireEvent.click(receive)
    await waitFor(() =>
      expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Receive'),
    )
    expect(screen.getByRole('dialog', { name: 'Receive' })).toBeTruthy()
    const qr = (await screen.findByRole('img', {
      name: 'QR code of your address',
    })) as unknown as SVGSVGElement
    expect(decodeQr(modulesOf(qr))).toBe(address)
    expect(screen.getByTestId('receive-address').textContent).toBe(address)
    const networks = within(screen.getByRole('region', { name: 'Works on these networks' }))
    expect(networks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ethereum',
      'BNB Smart Chain',
    ])
  })

  test('behavior: copy puts the full address on the clipboard and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openAccount()
    fireEvent.click(screen.getByTestId('account-receive'))
    const copy = await screen.findByRole('button', { name: 'Copy address' })
    expect(copy.getAttribute('data-testid')).toBe('receive-copy')
    fireEvent.click(copy)
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('success')
    expect(toast.textContent).toBe('Address copied')
    expect(writeText).toHaveBeenCalledWith(address)
  })

  test('error: a refused clipboard says the copy failed', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openAccount()
    fireEvent.click(screen.getByTestId('account-receive'))
    fireEvent.click(await screen.findByTestId('receive-copy'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.textContent).toBe('Could not copy the address')
  })

  test('behavior: back returns to Account', async () => {
    await openAccount()
    fireEvent.click(screen.getByTestId('account-receive'))
    await screen.findByTestId('receive-address')
    fireEvent.click(screen.getByTestId('modal-back'))
    await waitFor(() =>
      expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('Account'),
    )
  })

  test('parameters: features.receive false hides the Receive action', async () => {
    await openAccount({ options: { features: { receive: false } } })
    expect(screen.queryByTestId('account-receive')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull()
  })
})
