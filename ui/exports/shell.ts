// What every page with Latchkey loads before any click, as one client boundary: tsup.config.ts
// builds each file of ui/exports/ on its own with "use client" first. One boundary, not one per
// name: Next.js gives each boundary its own chunks, so a button rendered by a page and a provider
// rendered by a layout as separate boundaries each carried a copy of the code they share, and the
// modal chunk (imported by the provider) a third one.
export { ConnectButton } from '../ConnectButton'
export { ConnectModal } from '../ConnectModal'
export { useModal } from '../hooks/useModal'
export { LatchkeyProvider } from '../LatchkeyProvider'
export { preloadModal } from '../preloadModal'
