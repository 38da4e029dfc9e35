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

test('behavior: a stale answer is shown at once and its refetch starts after that paint', async () => {
  client = new QueryClient()
  // Read 31 s ago: older than the 30 s the hook keeps a read.
  client.setQueryData(['portfolio', '0xabc'], 'old', { updatedAt: Date.now() - 31_000 })
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
  // The render and its effects are done: the old answer shows and nothing was read in that task.
  expect(screen.getByText('old')).toBeTruthy()
  expect(reads).toEqual([])
  await nextFrame()
  expect(reads).toEqual([false])
  expect(await screen.findByText('new')).toBeTruthy()
})

test('default: with nothing cached the read starts in the mount, not a frame later', async () => {
  client = new QueryClient()
  const reads: boolean[] = []
  const read = async (fresh: boolean) => {
    reads.push(fresh)
    return 'first'
  }
  render(
    <QueryClientProvider client={client}>
      <Reader read={read} />
    </QueryClientProvider>,
  )
  expect(reads).toEqual([false])
  expect(await screen.findByText('first')).toBeTruthy()
})

test('behavior: a fresh answer is not read again after the paint', async () => {
  client = new QueryClient()
  client.setQueryData(['portfolio', '0xabc'], 'recent', { updatedAt: Date.now() - 1_000 })
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
  await nextFrame()
  expect(reads).toEqual([])
  expect(screen.getByText('recent')).toBeTruthy()
})
