import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

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
// under a loaded test runner: warm it once so the tests' waits time behaviour, not the compiler.
await import('../../ui/modal/modalChunk')

afterEach(() => {
  cleanup()
  localStorage.clear()
})
