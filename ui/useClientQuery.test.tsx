import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { useClientQuery } from './useClientQuery'

function Reader({ read }: { read: (fresh: boolean) => Promise<string> }) {
  const { data } = useClientQuery<string, Error>(['portfolio', '0xabc'], true, read, 30_000)
  return <p>{data ?? 'loading'}</p>
}

const nextFrame = () =>
  act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 5))))

let client: QueryClient | undefined
afterEach(() => client?.clear())

/** Mounts a reader over a client whose cache holds `cached` read `ageMs` ago (if given). */
function mount(cached?: { data: string; ageMs: number }) {
  client = new QueryClient()
  if (cached)
    client.setQueryData(['portfolio', '0xabc'], cached.data, {
      updatedAt: Date.now() - cached.ageMs,
    })
  const reads: boolean[] = []
  const read = async (fresh: boolean) => {
    reads.push(fresh)
    return 'new'
  }
  render(
    <QueryClientProvider client={client}>
      <Reader read={read} />
    </QueryClientProvider>,
  )
  return reads
}

test('behavior: a stale answer is shown at once and its refetch starts after that paint', async () => {
  // Read 31 s ago: older than the 30 s the hook keeps a read.
  const reads = mount({ data: 'old', ageMs: 31_000 })
  // The render and its effects are done: the old answer shows and nothing was read in that task.
  expect(screen.getByText('old')).toBeTruthy()
  expect(reads).toEqual([])
  await nextFrame()
  expect(reads).toEqual([false])
  expect(await screen.findByText('new')).toBeTruthy()
})

test('default: with nothing cached the read starts in the mount, not a frame later', async () => {
  const reads = mount()
  expect(reads).toEqual([false])
  expect(await screen.findByText('new')).toBeTruthy()
})

test('behavior: a fresh answer is not read again after the paint', async () => {
  const reads = mount({ data: 'recent', ageMs: 1_000 })
  await nextFrame()
  expect(reads).toEqual([])
  expect(screen.getByText('recent')).toBeTruthy()
})

/** A read that always fails; `refetch` is the last render's (the refresh button's). */
const failing = { reads: 0, refetch: () => Promise.resolve() }
const failingRead = async () => {
  failing.reads += 1
  throw new Error('Please try again after 7 seconds')
}
function Failing() {
  const query = useClientQuery<string, Error>(['quote', 'x'], true, failingRead, 10_000)
  failing.refetch = query.refetch
  return <p>{query.error?.message ?? (query.isFetching ? 'quoting' : 'idle')}</p>
}

test('error: a read that fails with nothing cached is asked once per refetch, not again and again', async () => {
  client = new QueryClient()
  render(
    <QueryClientProvider client={client}>
      <Failing />
    </QueryClientProvider>,
  )
  expect(await screen.findByText('Please try again after 7 seconds')).toBeTruthy()
  for (let frame = 0; frame < 5; frame++) await nextFrame()
  expect(failing.reads).toBe(1)
  // Asked again (the refresh button, the 10 s timer): once, then the error shows again and stays.
  await act(() => failing.refetch())
  for (let frame = 0; frame < 10; frame++) await nextFrame()
  expect(failing.reads).toBe(2)
  expect(screen.getByText('Please try again after 7 seconds')).toBeTruthy()
})
