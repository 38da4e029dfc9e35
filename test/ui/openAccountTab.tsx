import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { ConnectButton } from '../../ui/ConnectButton'
import { renderLatchkey } from './renderLatchkey'

/** The connected test account, lower case as the data server sees it. */
export const account = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

/** Renders the app with `options`, connects the test wallet and opens Account on `tab`. */
export async function openAccountTab(
  tab: 'tokens' | 'nfts' | 'activity',
  {
    onBeforeAccount,
    ...parameters
  }: NonNullable<Parameters<typeof renderLatchkey>[1]> & {
    /** Runs once connected, just before Account opens (to count what opening it costs). */
    onBeforeAccount?: () => void
  } = {},
) {
  const rendered = renderLatchkey(<ConnectButton />, parameters)
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  const button = await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(button.textContent).toMatch(/\d\.\d{3}/))
  onBeforeAccount?.()
  fireEvent.click(button)
  await screen.findByTestId('account-address')
  if (tab !== 'tokens') fireEvent.click(screen.getByTestId(`tab-${tab}`))
  return rendered
}

/** The text of the selected tab's panel. */
export const panelText = () => screen.getByRole('tabpanel').textContent ?? ''
