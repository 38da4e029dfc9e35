import { PassThrough } from 'node:stream'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense, use, useState } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import {
  cookieStorage,
  cookieToInitialState,
  createConfig,
  createStorage,
  http,
  type State,
  serialize,
  useAccount,
  WagmiProvider,
} from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'
import { ConnectButton, LatchkeyProvider, useModal, useWallets } from '../../ui/index'

// The README's Next.js setup (app/wagmi.ts, app/providers.tsx, app/layout.tsx), rendered by
// react-dom/server as Next renders a client tree: a config per request from `getConfig()`, the
// visitor's cookie turned into `initialState`. 1,000 visitors, each with their own address in
// wagmi's cookie, rendered interleaved: every render waits inside a Suspense boundary (a data
// fetch), so up to 100 are in flight at once and each one's second half runs after others began.

function getConfig() {
  return createConfig({
    chains: [mainnet, bsc],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: { [mainnet.id]: http(), [bsc.id]: http() },
  })
}

function Providers({ children, initialState }: { children: ReactNode; initialState?: State }) {
  const [config] = useState(() => getConfig())
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', metadata: { name: 'My dapp' } }}>
          {children}
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

/** What an app shows of the visitor: wagmi's account, Latchkey's hooks, the button. */
function Visitor({ data }: { data: Promise<string> }) {
  const greeting = use(data)
  const { address } = useAccount()
  useModal()
  useWallets()
  return (
    <p>
      {greeting} <span data-address="">{address ?? 'nobody'}</span>
    </p>
  )
}

function Page({ data }: { data: Promise<string> }) {
  return (
    <main>
      <ConnectButton />
      <Suspense fallback={<p>loading</p>}>
        <Visitor data={data} />
      </Suspense>
    </main>
  )
}

const addressOf = (i: number) => `0x${(0xa11ce000 + i).toString(16).padStart(40, '0')}`

/** wagmi's cookie for a visitor connected with `address` (as cookieStorage writes it). */
function cookieFor(address: string) {
  const uid = 'c0ffee'
  const state = {
    chainId: 1,
    current: uid,
    connections: new Map([
      [
        uid,
        {
          accounts: [address],
          chainId: 1,
          connector: { id: 'injected', name: 'Injected', type: 'injected', uid },
        },
      ],
    ]),
  }
  return `theme=dark; wagmi.store=${serialize({ state, version: 2 })}; other=1`
}

/** One request: the layout reads the cookie, the client tree streams to completion. */
function renderRequest(cookie: string, delayMs: number): Promise<string> {
  const initialState = cookieToInitialState(getConfig(), cookie)
  const data = new Promise<string>((resolve) => setTimeout(() => resolve('Hello'), delayMs))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    const stream = renderToPipeableStream(
      <Providers initialState={initialState}>
        <Page data={data} />
      </Providers>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => reject(error),
      },
    )
  })
}

describe('G10 server renders never share a visitor', () => {
  test("error: G10 1,000 interleaved server renders with distinct cookies: 0 responses contain another visitor's address", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('no network in SSR'))
    const total = 1_000
    const inFlight = 100
    const html: string[] = []
    let peak = 0
    let running = 0
    for (let start = 0; start < total; start += inFlight) {
      const batch = Array.from({ length: inFlight }, (_, k) => start + k).map(async (i) => {
        running++
        peak = Math.max(peak, running)
        // delays vary so later requests finish before earlier ones
        html[i] = await renderRequest(cookieFor(addressOf(i)), (i * 7) % 23)
        running--
      })
      await Promise.all(batch)
    }
    const addressPattern = /0x0{32}a11c[0-9a-f]{4}/g
    let own = 0
    const leaks: string[] = []
    for (let i = 0; i < total; i++) {
      const page = html[i] ?? ''
      const found = new Set(page.match(addressPattern) ?? [])
      if (found.has(addressOf(i))) own++
      for (const address of found) if (address !== addressOf(i)) leaks.push(`${i}: ${address}`)
    }
    console.info(
      `G10 ${total} server renders, ${peak} in flight at the peak: ${own} show their own address, ${leaks.length} another's`,
    )
    expect(peak).toBe(inFlight)
    expect(own).toBe(total)
    expect(leaks).toEqual([])
  }, 120_000)
})
