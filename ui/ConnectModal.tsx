import { useLayoutEffect } from 'react'
import { useLatchkeyContext } from './context/useLatchkeyContext'
import { ModalShell, type ModalShellProps } from './ModalShell'

/** Props of {@link ConnectModal}. */
export type ConnectModalProps = ModalShellProps

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? () => {} : useLayoutEffect

/**
 * The wallet-connection dialog, controlled (`open`/`onOpenChange`) or driven by `useModal()`.
 * The provider renders one itself; render it yourself to control it or to embed it inline.
 * @example <ConnectModal open={open} onOpenChange={setOpen} />
 */
export function ConnectModal(props: ConnectModalProps) {
  const { registerHostModal } = useLatchkeyContext()
  useIsomorphicLayoutEffect(() => registerHostModal(), [registerHostModal])
  return <ModalShell {...props} />
}
