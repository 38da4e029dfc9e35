import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { act, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DirectoryGate, startDirectoryGate } from '../../test/harness/startDirectoryGate'
import {
  type DirectoryServerProcess,
  startDirectoryServer,
} from '../../test/harness/startDirectoryServer'
import { renderLatchkey } from '../../test/ui/renderLatchkey'
import {
  type UseWalletDirectoryParameters,
  type UseWalletDirectoryReturnType,
  useWalletDirectory,
} from './useWalletDirectory'

// The real `latchkey serve` directory routes (a registry of 45 wallets) behind a gate that can
// fail and counts requests.
let server: DirectoryServerProcess
let gate: DirectoryGate
let registryDir: string
const total = 45
const pad = (i: number) => String(i).padStart(2, '0')

beforeAll(async () => {
  registryDir = mkdtempSync(join(tmpdir(), 'latchkey-hook-registry-'))
  const registry = join(registryDir, 'wallets.json')
  const wallets = Array.from({ length: total }, (_, i) => ({
    id: `w${pad(i)}`,
    name: i === 7 ? 'Rainbow Seven' : `Directory Wallet ${pad(i)}`,
    image_id: `w${pad(i)}`,
    mobile_link: `wallet${i}://`,
    chains: ['eip155:1'],
  }))
  writeFileSync(registry, JSON.stringify({ wallets }))
  server = await startDirectoryServer({ registry })
  gate = await startDirectoryGate(server.url)
}, 60_000)

afterAll(async () => {
  await gate?.close()
  await server?.close()
  rmSync(registryDir, { recursive: true, force: true })
})

beforeEach(() => {
  gate.up()
  gate.requests.length = 0
})

interface ProbeState {
  results: UseWalletDirectoryReturnType[]
  setSearch: (search: string) => void
}

function Probe({
  parameters,
  probe,
}: {
  parameters: UseWalletDirectoryParameters
  probe: ProbeState
}) {
  const [search, setSearch] = useState(parameters.search ?? '')
  probe.setSearch = setSearch
  probe.results.push(useWalletDirectory({ ...parameters, search }))
  return null
}

/** Renders the hook inside the provider; `latest()` is its last result, `search()` changes it. */
function renderDirectory(
  parameters: UseWalletDirectoryParameters,
  options: NonNullable<Parameters<typeof renderLatchkey>[1]>['options'] = {
    directory: { url: gate.url },
  },
) {
  const probe: ProbeState = { results: [], setSearch: () => {} }
  renderLatchkey(<Probe parameters={parameters} probe={probe} />, { options })
  return {
    latest: () => probe.results.at(-1) as UseWalletDirectoryReturnType,
    search: (search: string) => act(() => probe.setSearch(search)),
  }
}

const listRequests = () => gate.requests.filter((request) => request.pathname === '/getWallets')

describe('useWalletDirectory', () => {
  test('default: pages of 40 with the count, then the rest; images from the directory', async () => {
    const { latest } = renderDirectory({})
    await waitFor(() => expect(latest().status).toBe('success'))
    expect(latest().isEnabled).toBe(true)
    expect(latest().data?.wallets).toHaveLength(40)
    expect(latest().data?.count).toBe(total)
    expect(latest().hasNextPage).toBe(true)
    const first = latest().data?.wallets[0]
    expect(first?.name).toBe('Directory Wallet 00')
    expect(latest().getImageUrl(first as NonNullable<typeof first>)).toMatch(
      new RegExp(`^${gate.url}/getWalletImage/w00(\\?|$)`),
    )
    act(() => latest().fetchNextPage())
    await waitFor(() => expect(latest().data?.wallets).toHaveLength(total))
    expect(latest().hasNextPage).toBe(false)
    expect(listRequests().map((request) => request.searchParams.get('page'))).toEqual(['1', '2'])
  })

  test('parameters: search asks once after the pause and gives what it found', async () => {
    const { latest, search } = renderDirectory({})
    await waitFor(() => expect(latest().status).toBe('success'))
    search('rainb')
    search('rainbow')
    expect(latest().fetchStatus).toBe('fetching')
    await waitFor(() => expect(latest().status).toBe('success'))
    expect(latest().data?.wallets.map((wallet) => wallet.name)).toEqual(['Rainbow Seven'])
    expect(latest().hasNextPage).toBe(false)
    const searches = listRequests().filter((request) => request.searchParams.has('search'))
    expect(searches.map((request) => request.searchParams.get('search'))).toEqual(['rainbow'])
  })

  test('error: a directory that fails is an error with no data (never "0 wallets"); refetch recovers', async () => {
    gate.down()
    const { latest } = renderDirectory({})
    await waitFor(() => expect(latest().status).toBe('error'))
    expect(latest().data).toBeUndefined()
    expect(latest().error).toBeInstanceOf(Error)
    expect(latest().hasNextPage).toBe(false)
    gate.up()
    act(() => latest().refetch())
    await waitFor(() => expect(latest().status).toBe('success'))
    expect(latest().data?.count).toBe(total)
  })

  test('behavior: without a directory nothing is asked and it says so', async () => {
    const { latest } = renderDirectory({}, {})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(latest()).toMatchObject({
      isEnabled: false,
      status: 'pending',
      fetchStatus: 'idle',
      data: undefined,
      hasNextPage: false,
    })
    expect(gate.requests).toHaveLength(0)
  })
})
