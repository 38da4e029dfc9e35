import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderLatchkey } from '../test/ui/renderLatchkey'
import { ConnectButton } from './ConnectButton'
import { useLatchkeyContext } from './context/useLatchkeyContext'

/** Shows whether the provider's modal chunk is loaded (what a click would then open at once). */
function ChunkProbe() {
  const { parts } = useLatchkeyContext()
  return <output data-testid="chunk">{parts ? 'loaded' : 'not loaded'}</output>
}

/** Holds the page's idle callbacks until the test runs them. */
function holdIdle() {
  const idle: (() => void)[] = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  vi.stubGlobal('cancelIdleCallback', () => {})
  return idle
}

afterEach(() => {
  cleanup() // unmounts (cancelling the idle callback) before the stubs go
  vi.unstubAllGlobals()
})

describe('preloading the modal', () => {
  test('default: the chunk loads once the page is idle after the first render, with no click', async () => {
    const idle = holdIdle()
    renderLatchkey(
      <>
        <ConnectButton />
        <ChunkProbe />
      </>,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByTestId('chunk').textContent).toBe('not loaded')
    expect(idle).toHaveLength(1)
    for (const callback of idle.splice(0)) callback()
    await waitFor(() => expect(screen.getByTestId('chunk').textContent).toBe('loaded'), {
      timeout: 10_000,
    })
  })

  test('behavior: a tap (pointerdown, no hover or focus) starts loading before the click', async () => {
    holdIdle()
    renderLatchkey(
      <>
        <ConnectButton />
        <ChunkProbe />
      </>,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByTestId('chunk').textContent).toBe('not loaded')
    fireEvent.pointerDown(screen.getByTestId('connect-button'), { pointerType: 'touch' })
    await waitFor(() => expect(screen.getByTestId('chunk').textContent).toBe('loaded'), {
      timeout: 10_000,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
