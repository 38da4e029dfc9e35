import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'

// The UI files share a worker's module graph and its happy-dom window (React, wagmi and viem
// load once, not once per file). What one file changes must not reach the next: our own modules
// (caches, stores) are evaluated again for each file, and the window's settings a file may change
// (a fetch interceptor, iframe page loading) are put back after it.
vi.resetModules()
type HappyDomSettings = {
  enableIframePageLoading: boolean
  fetch: { interceptor: unknown }
}
const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM
const { enableIframePageLoading } = settings
const { interceptor } = settings.fetch
afterAll(() => {
  settings.enableIframePageLoading = enableIframePageLoading
  settings.fetch.interceptor = interceptor
  document.body.replaceChildren()
})

// happy-dom's Web Animations cancel with an unhandled AbortError: run the UI as a visitor who
// asked for reduced motion (instant transitions), which is also a path worth covering.
const matchMedia = window.matchMedia.bind(window)
window.matchMedia = (query: string) => {
  if (!query.includes('prefers-reduced-motion')) return matchMedia(query)
  const list = {
    matches: !query.includes('no-preference'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }
  return list as unknown as MediaQueryList
}

// Transforming the modal chunk (views, motion, zod) on its first import takes about a second
// under a loaded test runner, its lazy parts (account views, sign-in host, QR encoder) as long
// again: warm them once so the tests' waits time behaviour, not the compiler (CI once waited
// over 5 s for the QR encoder's first transform inside a findBy).
await Promise.all([
  import('../../ui/modal/modalChunk'),
  import('../../ui/modal/account/AccountPanels'),
  import('../../ui/siwx/SiwxHost'),
  import('../../src/qr/encodeQr'),
])

// findBy… and waitFor give up after 1 s by default: on a 2-core runner shared with the browser
// and consumer suites, a local server's answer and React's render can take longer. Tests that
// time behaviour (debounces, deadlines) assert their own figures.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
