import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { ConnectModal } from '../ConnectModal'
import { useModal } from './useModal'

let openerRenders = 0
let closeModal: (() => void) | undefined

/** Takes `open` and `close` only, as an app's header does. */
function Opener() {
  const { open, close } = useModal()
  openerRenders++
  closeModal = close
  return (
    <button type="button" onClick={() => open({ view: 'Networks' })}>
      open
    </button>
  )
}

/** Reads the state. */
function State() {
  const { isOpen, view } = useModal()
  return <output data-testid="state">{`${isOpen} ${view}`}</output>
}

describe('useModal', () => {
  test('behavior: a component that takes only open and close does not render again when the modal opens, changes view or closes', async () => {
    openerRenders = 0
    renderLatchkey(
      <>
        <Opener />
        <State />
        <ConnectModal />
      </>,
    )
    // the first open loads the modal's chunk, which every context reader sees once
    fireEvent.click(screen.getByText('open'))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    act(() => closeModal?.())
    await waitFor(() => expect(screen.getByTestId('state').textContent).toMatch(/^false /))
    const before = openerRenders
    expect(before).toBeGreaterThan(0)
    fireEvent.click(screen.getByText('open'))
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true Networks'))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    act(() => closeModal?.())
    await waitFor(() => expect(screen.getByTestId('state').textContent).toMatch(/^false /))
    expect(openerRenders).toBe(before)
  })

  test('behavior: a component that reads isOpen and view follows both', async () => {
    renderLatchkey(
      <>
        <Opener />
        <State />
        <ConnectModal />
      </>,
    )
    expect(screen.getByTestId('state').textContent).toMatch(/^false /)
    fireEvent.click(screen.getByText('open'))
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true Networks'))
    act(() => closeModal?.())
    await waitFor(() => expect(screen.getByTestId('state').textContent).toMatch(/^false /))
  })
})
