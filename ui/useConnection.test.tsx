import { act, render, screen, waitFor } from '@testing-library/react'
import { custom } from 'viem'
import { bsc, mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { type Config, createConfig, WagmiProvider } from 'wagmi'
import { connect, disconnect, switchChain } from 'wagmi/actions'
import { injected } from 'wagmi/connectors'
import { createFakeWallet, fakeAccount } from '../test/ui/fakeWallet'
import { type Connection, useConnection } from './useConnection'

/** Shows the connection, records each reading, and runs `onFirstRender` inside its first render. */
function Probe({ seen, onFirstRender }: { seen: Connection[]; onFirstRender?: () => void }) {
  const connection = useConnection()
  if (seen.length === 0) onFirstRender?.()
  seen.push(connection)
  return (
    <output data-testid="probe">
      {connection.status} {connection.address ?? '-'} {connection.chainId ?? '-'}
    </output>
  )
}

/** A wagmi config with a fake injected wallet, and the probe rendered inside it. */
function setup(onFirstRender?: (config: Config) => void) {
  const wallet = createFakeWallet()
  const transport = custom({ request: async () => null })
  const config: Config = createConfig({
    chains: [mainnet, bsc],
    multiInjectedProviderDiscovery: false,
    storage: null,
    connectors: [
      injected({
        target: () => ({ id: 'fake', name: 'Fake', provider: wallet.provider as never }),
      }),
    ],
    transports: { [mainnet.id]: transport, [bsc.id]: transport },
  }) as never
  const seen: Connection[] = []
  const tree = () => (
    <WagmiProvider config={config as never} reconnectOnMount={false}>
      <Probe seen={seen} onFirstRender={() => onFirstRender?.(config)} />
    </WagmiProvider>
  )
  const view = render(tree())
  const text = () => screen.getByTestId('probe').textContent
  const connector = config.connectors[0] as Config['connectors'][number]
  return { config, connector, seen, text, rerender: () => view.rerender(tree()) }
}

describe('useConnection', () => {
  test('default: follows connect, a network switch and disconnect as wagmi reports them', async () => {
    const { config, connector, text } = setup()
    expect(text()).toBe('disconnected - -')
    await act(() => connect(config, { connector }))
    await waitFor(() => expect(text()).toBe(`connected ${fakeAccount} 1`))
    await act(() => switchChain(config, { chainId: bsc.id }))
    await waitFor(() => expect(text()).toBe(`connected ${fakeAccount} 56`))
    await act(() => disconnect(config))
    await waitFor(() => expect(text()).toBe('disconnected - -'))
  })

  test('behavior: one object per connection: a parent re-render or an unrelated state change gives the same one', async () => {
    const { config, connector, seen, rerender } = setup()
    await act(() => connect(config, { connector }))
    await waitFor(() => expect(seen.at(-1)?.status).toBe('connected'))
    const connected = seen.at(-1)
    const renders = seen.length
    // wagmi's store notifies with the same state: nothing a component reads changed.
    act(() => config.setState((state) => ({ ...state })))
    expect(seen.length).toBe(renders)
    rerender()
    expect(seen.length).toBe(renders + 1)
    expect(seen.at(-1)).toBe(connected)
  })

  test('behavior: a change between the first render and the subscription is not lost', async () => {
    // During the first render, before any effect subscribed, wagmi's state changes once; nothing
    // notifies after the subscription.
    const { text } = setup((config) =>
      config.setState((state) => ({ ...state, status: 'connecting' })),
    )
    await waitFor(() => expect(text()).toBe('connecting - -'))
  })
})
