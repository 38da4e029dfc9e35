import { useModal } from 'latchkey/react'
import { useEffect } from 'react'

type OpenArgs = Parameters<ReturnType<typeof useModal>['open']>[0]

export interface PlaygroundHandle {
  open: (args?: OpenArgs) => void
  close: () => void
  walletCount: number
}

declare global {
  interface Window {
    __latchkeyPlayground?: PlaygroundHandle
  }
}

/** `window.__latchkeyPlayground.open({ view: 'AllWallets' })` for the bench and for people. */
export function useExposePlayground(walletCount: number): void {
  const { open, close } = useModal()
  useEffect(() => {
    window.__latchkeyPlayground = { open, close, walletCount }
  }, [open, close, walletCount])
}
