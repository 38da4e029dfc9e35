import { AnimatePresence, domMin, LazyMotion, MotionConfig } from 'motion/react'
import { createPortal } from 'react-dom'
import { Dialog } from './Dialog'

/** Props of {@link ModalRoot}. */
export interface ModalRootProps {
  open: boolean
  /** Inline mode: no portal, no overlay, no focus trap. */
  embedded: boolean
}

/** The lazily loaded modal: portal, overlay and dialog with animated enter and exit. */
export default function ModalRoot({ open, embedded }: ModalRootProps) {
  const content = (
    <LazyMotion features={domMin} strict>
      <MotionConfig reducedMotion="user">
        <AnimatePresence>
          {open && <Dialog key="latchkey-dialog" embedded={embedded} />}
        </AnimatePresence>
      </MotionConfig>
    </LazyMotion>
  )
  if (embedded || typeof document === 'undefined') return content
  return createPortal(content, document.body)
}
