import { AnimatePresence, m, useReducedMotion } from 'motion/react'
import type { ToastState } from '../../src/machines/toast'
import { Spinner } from '../components/Spinner'
import { useModalCore } from '../hooks/useModalCore'
import { useStoreState } from '../hooks/useStoreState'
import { t } from '../locales/t'
import { AlertIcon, CheckIcon } from './icons'
import { transition } from './motionPresets'

const selectToast = (state: ToastState) => (state.visible ? state.toast : undefined)

/** The toast area: one toast at a time, announced politely. */
export function Toasts() {
  const { toast: store } = useModalCore()
  const toast = useStoreState(store, selectToast)
  const reduced = useReducedMotion()
  return (
    <div data-lk-toasts="" role="status" aria-live="polite" aria-label={t('toast.region')}>
      <AnimatePresence>
        {toast && (
          <m.div
            key={toast.id}
            data-lk-toast=""
            data-testid="toast"
            data-variant={toast.variant}
            initial={{ opacity: 0, y: 8 }}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0, y: 8 }}
            transition={transition(0.15, reduced)}
          >
            <span data-lk-toast-icon="" aria-hidden="true">
              {toast.variant === 'loading' ? (
                <Spinner />
              ) : toast.variant === 'success' ? (
                <CheckIcon size={14} />
              ) : (
                <AlertIcon size={14} />
              )}
            </span>
            <span>{toast.message}</span>
          </m.div>
        )}
      </AnimatePresence>
    </div>
  )
}
