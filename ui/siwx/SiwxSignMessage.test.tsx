import { fireEvent, screen, waitFor } from '@testing-library/react'
import { type Hex, hexToString } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { SiwxNotConfiguredError } from '../../src/errors/SiwxNotConfiguredError'
import { SiwxVerificationError } from '../../src/errors/SiwxVerificationError'
import { createServerSiwxAdapter } from '../../src/siwx/createServerSiwxAdapter'
import { type SiwxServerProcess, startSiwxServer } from '../../test/harness/startSiwxServer'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { ConnectButton } from '../ConnectButton'
import { useSiwx } from '../hooks/useSiwx'

// The sign-in view against a real Latchkey server (SQLite file, real HTTP): the server's precise
// refusal reaches `useSiwx().error` and the view, not a generic "unexpected response".

let server: SiwxServerProcess | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

// The fake wallet's account (anvil's first dev key): personal_sign signs for real.
const signer = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)

const handle: { error?: ReturnType<typeof useSiwx>['error'] } = {}
function Probe() {
  handle.error = useSiwx().error
  return null
}

async function openSignIn({
  chainIds = [1],
  uri = 'https://dapp.test/',
  enabled = true,
}: {
  chainIds?: number[]
  uri?: string
  enabled?: boolean
}) {
  server = await startSiwxServer({
    ...(enabled ? { siwx: { '*': { domains: ['dapp.test'], chainIds } } } : {}),
    // happy-dom's page origin: the server's CORS check lets it call
    allowedOrigins: { '*': [location.origin] },
  })
  const siwx = createServerSiwxAdapter({
    baseUrl: `${server.url}/v1`,
    credentials: 'bearer',
    getOrigin: () => ({ domain: 'dapp.test', uri }),
  })
  const { wallet } = renderLatchkey(
    <>
      <ConnectButton />
      <Probe />
    </>,
    { options: { metadata: { name: 'Dapp Test' }, siwx } },
  )
  const request = wallet.provider.request
  wallet.provider.request = async (args) => {
    if (args.method !== 'personal_sign') return request(args)
    const [data] = args.params as [Hex]
    return signer.signMessage({ message: hexToString(data) })
  }
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await waitFor(() =>
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('SIWXSignMessage'),
  )
}

/** The view's own error line (a toast says it too). */
async function viewAlert(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('[data-lk-siwx-error]')).not.toBeNull(), {
    timeout: 10_000,
  })
  const alert = document.querySelector<HTMLElement>('[data-lk-siwx-error]')
  expect(alert?.getAttribute('role')).toBe('alert')
  return alert as HTMLElement
}

async function signInAgainst(parameters: Parameters<typeof openSignIn>[0]) {
  await openSignIn(parameters)
  await waitFor(() => expect(screen.getByTestId('siwx-message').textContent).toContain('Nonce'))
  fireEvent.click(screen.getByTestId('siwx-sign'))
  return (await viewAlert()).textContent
}

// each test starts a sign-in server in a child process: slow on a loaded 2-core runner
describe('SIWXSignMessage with a server adapter', { timeout: 60_000 }, () => {
  test('error: the server refuses the page address: URI_MISMATCH in the view and in useSiwx().error', async () => {
    const shown = await signInAgainst({ uri: 'https://elsewhere.test/' })
    expect(shown).toBe(
      'The sign-in server expects another page address in the message (URI_MISMATCH).',
    )
    expect(handle.error).toBeInstanceOf(SiwxVerificationError)
    expect(handle.error).toMatchObject({
      name: 'SiwxVerificationError',
      reason: 'URI_MISMATCH',
      shortMessage: 'Sign-in rejected: URI_MISMATCH.',
    })
    // nothing claims to be on its way beside it; signing again is offered
    expect(screen.getByTestId('siwx-message').textContent).toBe(
      'A new message is made when you sign again.',
    )
    expect(screen.getByTestId('siwx-sign').textContent).toBe('Sign again')
    expect(screen.getByTestId('siwx-sign').hasAttribute('disabled')).toBe(false)
  })

  test('error: the server refuses the network: CHAIN_NOT_ALLOWED in the view and in useSiwx().error', async () => {
    const shown = await signInAgainst({ chainIds: [56] })
    expect(shown).toBe(
      'The sign-in server does not accept this network. Switch network and sign again (CHAIN_NOT_ALLOWED).',
    )
    expect(handle.error).toMatchObject({ reason: 'CHAIN_NOT_ALLOWED' })
  })

  test('error: sign-in off on the server (501): its message shows at once, not "Preparing the message…"', async () => {
    await openSignIn({ enabled: false })
    const alert = await viewAlert()
    expect(alert.textContent).toContain(
      'Sign-in is not configured on this server for this project.',
    )
    expect(alert.textContent).toContain('--siwx-domain')
    // the server's class, not a generic server error (issue 11 §1)
    expect(handle.error).toBeInstanceOf(SiwxNotConfiguredError)
    expect(handle.error?.name).toBe('SiwxNotConfiguredError')
    expect(screen.getByTestId('siwx-message').textContent).toBe(
      'A new message is made when you sign again.',
    )
    expect(screen.getByTestId('siwx-sign').textContent).toBe('Sign again')
  })
})
