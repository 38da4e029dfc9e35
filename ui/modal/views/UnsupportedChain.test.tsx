import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderLatchkey } from '../../../test/ui/renderLatchkey'
import { ConnectButton } from '../../ConnectButton'

async function connect(options = {}) {
  const rendered = renderLatchkey(<ConnectButton />, { options })
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  return rendered
}

describe('UnsupportedChain view', () => {
  test('default: a chain outside the config opens it; switching closes the modal', async () => {
    const { wallet } = await connect()
    act(() => wallet.setChain(137))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.getAttribute('data-view')).toBe('UnsupportedChain')
    expect(screen.getByTestId('account-button').textContent).toContain('Wrong network')
    fireEvent.click(await screen.findByTestId('network-eip155:56'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('account-button').textContent).toContain('BNB Smart Chain')
  })

  test('parameters: allowUnsupportedChain', async () => {
    const { wallet } = await connect({ allowUnsupportedChain: true })
    act(() => wallet.setChain(137))
    await waitFor(() =>
      expect(screen.getByTestId('account-button').textContent).toContain('Wrong network'),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('behavior: disconnect from there', async () => {
    const { wallet } = await connect()
    act(() => wallet.setChain(137))
    await screen.findByRole('dialog')
    fireEvent.click(await screen.findByTestId('disconnect'))
    await screen.findByTestId('connect-button')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
