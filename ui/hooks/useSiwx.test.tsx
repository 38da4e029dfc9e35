import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import { createLocalSiwxAdapter } from '../../src/siwx/createLocalSiwxAdapter'
import type { SiwxAdapter } from '../../src/siwx/SiwxAdapter'
import { fakeAccount } from '../../test/ui/fakeWallet'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import { ConnectButton } from '../ConnectButton'
import { useSiwx } from './useSiwx'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

function adapter(required = false) {
  const siwx = createLocalSiwxAdapter({
    storage: memoryStorage(),
    getOrigin: () => ({ domain: 'dapp.test', uri: 'https://dapp.test/' }),
    // the fake wallet's signature is not a real one: this test is about the flow, not crypto
    verifySignature: async () => true,
    required,
  })
  const counts = { nonces: 0 }
  const getNonce = siwx.getNonce
  siwx.getNonce = (input) => {
    counts.nonces++
    return getNonce(input)
  }
  return { siwx, counts }
}

function Probe() {
  const { session, status, error } = useSiwx()
  return (
    <output data-testid="probe">
      {status}|{session?.data.accountAddress ?? ''}|{error?.name ?? ''}
    </output>
  )
}

async function connect(siwx: SiwxAdapter, options: { reject?: boolean } = {}) {
  const rendered = renderLatchkey(
    <>
      <ConnectButton />
      <Probe />
    </>,
    { options: { metadata: { name: 'Dapp Test' }, siwx } },
  )
  const signs: string[] = []
  const request = rendered.wallet.provider.request
  rendered.wallet.provider.request = async (args) => {
    if (args.method !== 'personal_sign') return request(args)
    signs.push(args.method)
    if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    return `0x${'ab'.repeat(65)}`
  }
  fireEvent.click(screen.getByTestId('connect-button'))
  fireEvent.click(await screen.findByTestId('wallet-dev.latchkey.testwallet'))
  await screen.findByTestId('account-button')
  await waitFor(() =>
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('SIWXSignMessage'),
  )
  return { ...rendered, signs }
}

const handle: { api?: ReturnType<typeof useSiwx> | undefined } = {}
function Handle() {
  handle.api = useSiwx()
  return null
}
const api = () => handle.api

const errors: Error[] = []
class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override componentDidCatch(error: Error) {
    errors.push(error)
  }
  override render() {
    return this.state.error ? null : this.props.children
  }
}

const probe = () => screen.getByTestId('probe').textContent

describe('useSiwx and SIWXSignMessage', () => {
  test('default: connect opens the sign view; signing stores the session and closes', async () => {
    const { siwx, counts } = adapter()
    const { signs } = await connect(siwx)
    expect(screen.getByText('Sign in to Dapp Test')).toBeTruthy()
    expect(screen.getByTestId('siwx-account').textContent).toBe('0xf3…b92266')
    await waitFor(() =>
      expect(screen.getByTestId('siwx-message').textContent).toContain(
        'dapp.test wants you to sign in with your Ethereum account:',
      ),
    )
    expect(probe()).toBe('needsSignature||')
    fireEvent.click(screen.getByTestId('siwx-sign'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(probe()).toBe(`signedIn|${fakeAccount}|`)
    expect(signs).toHaveLength(1)
    expect(counts.nonces).toBe(1)
    expect(await siwx.getSessions('eip155:1', fakeAccount)).toHaveLength(1)
  })

  test('behavior: a declined signature reopens with "Signature declined"', async () => {
    const { siwx } = adapter()
    await connect(siwx, { reject: true })
    fireEvent.click(screen.getByTestId('siwx-sign'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Signature declined')
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('SIWXSignMessage')
    expect(probe()).toBe('error||SignMessageFailedError')
    expect(screen.getByTestId('siwx-sign').textContent).toBe('Sign again')
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toContain('Signature declined'),
    )
  })

  test('behavior: optional sign-in: cancel closes, stays connected, resets to Connect', async () => {
    const { siwx } = adapter()
    await connect(siwx)
    expect(screen.getByTestId('modal-close').getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(screen.getByTestId('siwx-cancel'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('account-button')).toBeTruthy()
    expect(probe()).toBe('idle||')
  })

  test('behavior: required sign-in: close, Escape and overlay do nothing; cancel disconnects', async () => {
    const { siwx } = adapter(true)
    await connect(siwx)
    const close = screen.getByTestId('modal-close')
    expect(close.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(close)
    fireEvent.keyDown(document, { key: 'Escape' })
    const overlay = document.querySelector('[data-lk-overlay]') as Element
    fireEvent.pointerDown(overlay)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('dialog').getAttribute('data-view')).toBe('SIWXSignMessage')
    fireEvent.click(screen.getByTestId('siwx-cancel'))
    await screen.findByTestId('connect-button')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('behavior: signIn with no wallet connected fails with the SPEC §8 error', async () => {
    const { siwx, counts } = adapter()
    handle.api = undefined
    renderLatchkey(<Handle />, { options: { siwx } })
    await expect(api()?.signIn()).resolves.toBeUndefined()
    await waitFor(() => expect(api()?.error?.shortMessage).toBe('No ActiveCaipAddress found'))
    expect(api()?.status).toBe('error')
    expect(counts.nonces).toBe(0)
  })

  test('behavior: an invalid siwx option names the missing method', async () => {
    const { siwx } = adapter()
    const broken = { ...siwx, getNonce: undefined } as unknown as SiwxAdapter
    errors.length = 0
    renderLatchkey(<ConnectButton />, {
      options: { siwx: broken },
      wrap: (tree) => <Boundary>{tree}</Boundary>,
    })
    await waitFor(() => expect(errors[0]?.name).toBe('OptionsValidationError'))
    expect(errors[0]?.message.split('\n')[0]).toBe(
      'Invalid option "siwx.getNonce": Expected function, received undefined.',
    )
  })

  test('behavior: without the siwx option, signIn rejects with "SIWX is not enabled"', async () => {
    handle.api = undefined
    renderLatchkey(<Handle />)
    await expect(api()?.signIn()).rejects.toThrow('SIWX is not enabled')
    expect(api()?.status).toBe('idle')
  })
})
