import './test/setup'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import type { LatchkeyOptions } from '../src/schemas/options'
import { ConnectButton } from './ConnectButton'
import { renderLatchkey } from './test/renderLatchkey'

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
