import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Component, type ReactNode, useState } from 'react'
import { custom } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { createConfig, createStorage, WagmiProvider } from 'wagmi'
import { embeddedWallet } from '../connectors/embeddedWallet'
import type { LatchkeyOptions } from '../src/schemas/options'
import { fixtureUser } from '../test/harness/frame.fixtures'
import { stubFramePages } from '../test/harness/frameTestHarness'
import { createScriptedFrame, scriptedFrameUrl } from '../test/harness/scriptedFrame'
import { renderLatchkey } from '../test/ui/renderLatchkey'
import { ConnectButton } from './ConnectButton'
import { LatchkeyProvider } from './LatchkeyProvider'

class Boundary extends Component<{ children: ReactNode; onError(error: unknown): void }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error)
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children
  }
}

describe('LatchkeyProvider', () => {
  test('default: the button renders before the options schema loaded', async () => {
    renderLatchkey(<ConnectButton />, { options: { themeMode: 'light' } })
    expect(screen.getByTestId('connect-button').dataset.theme).toBe('light')
    await waitFor(() =>
      expect(screen.getByTestId('connect-button').textContent).toBe('Connect Wallet'),
    )
  })

  test('behavior: development builds validate at mount; the error reaches an error boundary', async () => {
    let caught: unknown
    const options = { feature: { email: true } } as unknown as LatchkeyOptions
    const { unmount } = renderLatchkey(<ConnectButton />, {
      options,
      wrap: (tree) => <Boundary onError={(error) => (caught = error)}>{tree}</Boundary>,
    })
    // not synchronously at mount: the schema is imported first
    expect(caught).toBeUndefined()
    expect(screen.getByTestId('connect-button')).toBeTruthy()
    await waitFor(() => expect(caught).toBeDefined())
    expect(caught).toMatchObject({ name: 'OptionsValidationError', option: 'feature' })
    expect((caught as Error).message).toContain('Unknown option "feature".')
    unmount()
  })

  test('behavior: loading the modal chunk (preload) validates too', async () => {
    let caught: unknown
    const options = { themeMode: 'blue' } as unknown as LatchkeyOptions
    renderLatchkey(<ConnectButton />, {
      options,
      wrap: (tree) => <Boundary onError={(error) => (caught = error)}>{tree}</Boundary>,
    })
    expect(caught).toBeUndefined()
    // the shell falls back to the default theme until the schema says no
    expect(screen.getByTestId('connect-button').dataset.theme).toBe('dark')
    fireEvent.pointerEnter(screen.getByTestId('connect-button'))
    await waitFor(() => expect(caught).toBeDefined())
    expect((caught as Error).message).toContain(
      'Invalid option "themeMode": Expected "dark" | "light", received "blue".',
    )
  })
})

/** Node's own collector (no --expose-gc needed): measures the heap after a full collection. */
function usedHeapAfterGc(): number {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

type ToggleControl = { set(mounted: boolean): void }

/** LatchkeyProvider (and a button) while mounted; the test flips it through `control`. */
function Toggle({ control }: { control: ToggleControl }) {
  const [mounted, set] = useState(false)
  control.set = set
  return mounted ? (
    <LatchkeyProvider>
      <ConnectButton />
    </LatchkeyProvider>
  ) : null
}

describe('A11: mounting and unmounting', () => {
  // A count of listeners and bytes, not a timing: 1,300 cycles took 105–120 s on a loaded runner.
  test('behavior: 1,000 LatchkeyProvider mounts and unmounts leak no listener and no memory', {
    timeout: 300_000,
  }, async () => {
    stubFramePages()
    // An app as it runs: one wagmi config whose embedded wallet was used before (its frame is
    // made at once and stays with the connector), the provider tree mounted and unmounted.
    const fake = createScriptedFrame({
      IS_CONNECTED: { payload: { isConnected: true } },
      GET_USER: { payload: fixtureUser },
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: { smartAccountEnabledNetworks: [] } },
      SYNC_THEME: {},
      SYNC_DAPP_DATA: {},
    })
    const values = new Map<string, string>()
    const storage = createStorage({
      storage: {
        getItem: (key) => values.get(key) ?? null,
        setItem: (key, value) => void values.set(key, value),
        removeItem: (key) => void values.delete(key),
      },
    })
    await storage.setItem('latchkey.embedded.loginUsed' as never, true as never)
    const rpc = custom({ request: async () => null })
    const config = createConfig({
      chains: [mainnet, bsc],
      multiInjectedProviderDiscovery: false,
      storage,
      connectors: [
        embeddedWallet({
          frameUrl: scriptedFrameUrl,
          container: fake.container,
          timeouts: { postReadyDelay: 0 },
        }),
      ],
      transports: { [mainnet.id]: rpc, [bsc.id]: rpc },
    })
    const connector = config.connectors[0]
    if (!connector) throw new TypeError('No connector.')
    const windowListeners = new Map<string, number>()
    const track = (sign: 1 | -1) => (type: string) =>
      windowListeners.set(type, (windowListeners.get(type) ?? 0) + sign)
    // Counted, not recorded (a spy would keep every call: memory the test itself would leak).
    const add = window.addEventListener
    const remove = window.removeEventListener
    window.addEventListener = function (this: Window, ...args: Parameters<typeof add>) {
      track(1)(args[0])
      return add.apply(this, args)
    } as typeof add
    window.removeEventListener = function (this: Window, ...args: Parameters<typeof remove>) {
      track(-1)(args[0])
      return remove.apply(this, args)
    } as typeof remove
    const emitterListeners = () =>
      ['message', 'change', 'connect', 'disconnect'].map((event) =>
        (connector.emitter as unknown as { listenerCount(event: string): number }).listenerCount(
          event,
        ),
      )

    // wagmi stays mounted and is not rendered again (its Hydrate reconnects on every render of a
    // config without ssr, adding a change and a disconnect listener to the connector each time
    // that it never removes: wagmi's, not ours); only LatchkeyProvider comes and goes.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const control: ToggleControl = { set: () => {} }
    const view = render(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={queryClient}>
          <Toggle control={control} />
        </QueryClientProvider>
      </WagmiProvider>,
    )
    async function cycle() {
      // Mounted, its effects and their promises (the options check's import) run, unmounted.
      await act(async () => control.set(true))
      await act(async () => control.set(false))
    }

    // Warm up: the frame is made and connected, the lazy chunks are in, and the engine's own
    // growth (compiled code, caches: about 2 MB over the first 500 cycles, then flat) is done.
    for (let index = 0; index < 300; index++) await cycle()
    await waitFor(() => expect(config.state.status).toBe('connected'))
    const messageBaseline = windowListeners.get('message')
    const baseline = new Map(windowListeners)
    const emitterBaseline = emitterListeners()
    const heapBefore = usedHeapAfterGc()
    for (let index = 0; index < 1_000; index++) await cycle()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    const heapAfter = usedHeapAfterGc()
    // The frame client's one listener, made once for the config, and nothing more.
    expect(messageBaseline).toBe(1)
    expect(windowListeners.get('message')).toBe(messageBaseline)
    expect(Object.fromEntries(windowListeners)).toEqual(Object.fromEntries(baseline))
    expect(emitterListeners()).toEqual(emitterBaseline)
    expect(fake.container.querySelectorAll('iframe')).toHaveLength(1)
    const delta = heapAfter - heapBefore
    expect(delta).toBeLessThan(2 * 1024 * 1024)
    view.unmount()
    fake.container.remove()
    window.addEventListener = add
    window.removeEventListener = remove
  })
})
