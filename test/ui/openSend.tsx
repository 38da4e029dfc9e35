import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { ConnectButton } from '../../ui/ConnectButton'
import { useActivity } from '../../ui/hooks/useActivity'
import { accountPanelsChunk } from '../../ui/modal/account/loadAccountPanels'
import { sendViewsChunk } from '../../ui/modal/send/loadSendViews'
import { preloadModal } from '../../ui/preloadModal'
import { renderLatchkey } from './renderLatchkey'

/** The activity as `id:status` pairs, in `data-testid="activity"`: what Activity would list. */
function ActivityProbe() {
  const { transactions } = useActivity()
  return (
    <output data-testid="activity">
      {transactions.map((tx) => `${tx.id}:${tx.metadata.status}`).join(',')}
    </output>
  )
}

/** Renders the app, connects the test wallet, opens Account and then Send. */
export async function openSend(parameters: Parameters<typeof renderLatchkey>[1] = {}) {
  // The account and send views are a lazy chunk: loaded here, before the clicks, so that its
  // first transform (seconds on a loaded runner) is not inside a wait for what the view shows.
  await preloadModal()
  await Promise.all([accountPanelsChunk.load(), sendViewsChunk.load()])
  const rendered = renderLatchkey(
    <>
      <ConnectButton />
      <ActivityProbe />
    </>,
    parameters,
  )
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  const account = await screen.findByTestId('account-button')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  fireEvent.click(account)
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
  await waitFor(() =>
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('WalletSend'),
  )
  await screen.findByLabelText('Amount', undefined, { timeout: 5_000 })
  return rendered
}

/** The view on top of the modal. */
export const view = () => screen.getByRole('dialog').getAttribute('data-view')
