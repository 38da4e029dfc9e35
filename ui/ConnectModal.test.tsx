import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { renderLatchkey } from '../test/ui/renderLatchkey'
import { ConnectButton } from './ConnectButton'
import { ConnectModal } from './ConnectModal'
import { useModal } from './hooks/useModal'

const dialog = () => screen.findByRole('dialog')

async function openFromButton() {
  const button = screen.getByTestId('connect-button')
  button.focus()
  fireEvent.click(button)
  return dialog()
}

function ControlledHost({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        host open
      </button>
      <ConnectModal
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next)
          setOpen(next)
        }}
      />
    </>
  )
}
function ClosedHost({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { open } = useModal()
  return (
    <>
      <button type="button" onClick={() => open()}>
        hook open
      </button>
      <ConnectModal open={false} onOpenChange={onOpenChange} />
    </>
  )
}
function ViewHost() {
  const { open, isOpen, view } = useModal()
  return (
    <button type="button" onClick={() => open({ view: 'Networks' })}>
      {`open ${isOpen} ${view}`}
    </button>
  )
}
describe('ConnectModal', () => {
  test('default: the button opens a labelled modal dialog on the Connect view', async () => {
    renderLatchkey(<ConnectButton />)
    expect(screen.queryByRole('dialog')).toBeNull()
    const modal = await openFromButton()
    expect(modal.getAttribute('aria-modal')).toBe('true')
    expect(modal.hasAttribute('data-latchkey')).toBe(true)
    expect(modal.getAttribute('data-theme')).toBe('dark')
    expect(modal.getAttribute('data-view')).toBe('Connect')
    expect(modal.getAttribute('data-state')).toBe('open')
    const title = document.getElementById(modal.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Connect Wallet')
    await waitFor(() => expect(modal.contains(document.activeElement)).toBe(true))
    expect(screen.queryByTestId('modal-back')).toBeNull()
  })

  test('behavior: Tab and Shift+Tab cycle inside the dialog', async () => {
    renderLatchkey(<ConnectButton />)
    const modal = await openFromButton()
    await screen.findByTestId('wallet-dev.latchkey.testwallet')
    const close = screen.getByTestId('modal-close')
    const allWallets = screen.getByTestId('all-wallets')
    allWallets.focus()
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(allWallets)
    // focus that leaves the dialog is pulled back
    act(() => screen.getByTestId('connect-button').focus())
    expect(modal.contains(document.activeElement)).toBe(true)
  })

  test('behavior: Escape closes and gives focus back to the opener', async () => {
    renderLatchkey(<ConnectButton />)
    await openFromButton()
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByTestId('connect-button'))
  })

  test('behavior: a click on the overlay closes, a click in the dialog does not', async () => {
    renderLatchkey(<ConnectButton />)
    const modal = await openFromButton()
    fireEvent.pointerDown(modal)
    expect(screen.getByRole('dialog')).toBe(modal)
    const overlay = modal.parentElement as HTMLElement
    fireEvent.pointerDown(overlay)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('behavior: the close button closes', async () => {
    renderLatchkey(<ConnectButton />)
    await openFromButton()
    fireEvent.click(screen.getByTestId('modal-close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('parameters: open / onOpenChange (controlled, the provider renders no second dialog)', async () => {
    const onOpenChange = vi.fn()
    renderLatchkey(<ControlledHost onOpenChange={onOpenChange} />)
    fireEvent.click(screen.getByText('host open'))
    await dialog()
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    fireEvent.click(screen.getByTestId('modal-close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  test('behavior: controlled open={false} stays closed when useModal().open() is called', async () => {
    const onOpenChange = vi.fn()
    renderLatchkey(<ClosedHost onOpenChange={onOpenChange} />)
    fireEvent.click(screen.getByText('hook open'))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(true))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('behavior: useModal().open({ view }) opens on that view', async () => {
    renderLatchkey(<ViewHost />)
    fireEvent.click(screen.getByText('open false Connect'))
    const modal = await dialog()
    expect(modal.getAttribute('data-view')).toBe('Networks')
    expect(screen.getByText('open true Networks')).toBeTruthy()
    expect((await screen.findByTestId('network-eip155:56')).textContent).toContain(
      'BNB Smart Chain',
    )
  })

  test('parameters: themeMode and themeVariables', async () => {
    renderLatchkey(<ConnectButton />, {
      options: { themeMode: 'light', themeVariables: { accent: '#ff007a', zIndex: 50 } },
    })
    const modal = await openFromButton()
    expect(modal.getAttribute('data-theme')).toBe('light')
    expect(modal.style.getPropertyValue('--lk-accent')).toBe('#ff007a')
    expect(modal.style.getPropertyValue('--lk-z-index')).toBe('50')
  })
})
