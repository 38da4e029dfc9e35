import { useRef, useState } from 'react'
import type { Toast, ToastState } from '../../src/machines/toast'
import { Spinner } from '../components/Spinner'
import { useModalParts } from '../context/useModalParts'
import { useStoreState } from '../context/useStoreState'
import { t } from '../locales/t'
import { AlertIcon, CheckIcon } from './icons'
import { canAnimate, play, usePrefersReducedMotion } from './motionPresets'
import { usePresence } from './usePresence'

const selectToast = (state: ToastState) => (state.visible ? state.toast : undefined)
const duration = 0.15
const hidden = { opacity: '0', transform: 'translateY(8px)' }
const shown = { opacity: '1', transform: 'none' }

/** The toast area: one toast at a time, announced politely; a replaced toast animates out. */
export function Toasts() {
  const { toast: store } = useModalParts()
  const toast = useStoreState(store, selectToast)
  const reduced = usePrefersReducedMotion()
  const animated = !reduced && canAnimate()
  const [last, setLast] = useState(toast)
  const [leaving, setLeaving] = useState<Toast[]>([])
  if (last !== toast) {
    setLast(toast)
    setLeaving((list) => {
      const rest = list.filter((item) => item.id !== toast?.id)
      return animated && last && last.id !== toast?.id ? [...rest, last] : rest
    })
  }
  const items = leaving.filter((item) => item.id !== toast?.id)
  return (
    <div data-lk-toasts="" role="status" aria-live="polite" aria-label={t('toast.region')}>
      {[...items, ...(toast ? [toast] : [])].map((item) => (
        <ToastItem
          key={item.id}
          toast={item}
          present={item === toast}
          reduced={reduced}
          onExited={() => setLeaving((list) => list.filter((other) => other !== item))}
        />
      ))}
    </div>
  )
}

interface ToastItemProps {
  toast: Toast
  /** False while it animates out. */
  present: boolean
  reduced: boolean
  onExited(): void
}

function ToastItem({ toast, present, reduced, onExited }: ToastItemProps) {
  const element = useRef<HTMLDivElement>(null)
  usePresence(
    {
      present,
      enter(first) {
        play(
          element.current,
          first ? { opacity: ['0', '1'], transform: [hidden.transform, 'none'] } : shown,
          duration,
          reduced,
        )
      },
      exit: () => play(element.current, hidden, duration, reduced),
      onExited,
    },
    [reduced],
  )

  return (
    <div ref={element} data-lk-toast="" data-testid="toast" data-variant={toast.variant}>
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
    </div>
  )
}
